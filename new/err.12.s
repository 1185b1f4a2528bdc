tests/compare_builds.sh: line 13: seki: command not found
