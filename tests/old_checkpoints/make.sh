#!/bin/sh
# The checkpoint directories kept for tests/old_checkpoints_test.cpp: work killed part-way by an
# older build of seki, which the current build must resume (and verify) to the uninterrupted result.
#   sh tests/old_checkpoints/make.sh OLD_SEKI LABEL    (LABEL: the old build's commit)
# writes tests/old_checkpoints/LABEL/{run,run-ranks,run-parts,check,check-ranks}: a run of 3x3
# matrices with entries <= 3 killed after its checkpoint at level 9 (one process, 2 ranks, levels in
# 2 parts), and a check of conjecture 6.2 on 2x2 and 3x3 (entries <= 3) killed after its checkpoint
# at level 8 of 3x3 (one process, 2 ranks). Each directory is written where it is kept, so the
# paths in its checkpoint are those a user's resume would see; the test copies it elsewhere.
set -u
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
SEKI=$(realpath "$1")
OUT=$(dirname "$0")/$2
rm -rf "$OUT" && mkdir -p "$OUT" && cd "$OUT" || exit 1
RUN="enumerate --rows 3 --cols 3 --max-entry 3 --outcomes --quiet --threads 1"
CHECK="check 6.2 --shapes 2x2,3x3 --max-entry 3 --min-height 2 --quiet --threads 1"
SEKI_KILL_AT=checkpoint:9 "$SEKI" $RUN --out run
SEKI_KILL_AT=checkpoint:9 mpirun --oversubscribe -np 2 "$SEKI" $RUN --out run-ranks
SEKI_KILL_AT=checkpoint:9 "$SEKI" $RUN --parts 2 --out run-parts
SEKI_KILL_AT=check-checkpoint-3x3:8 "$SEKI" $CHECK --checkpoint check
SEKI_KILL_AT=check-checkpoint-3x3:8 mpirun --oversubscribe -np 2 "$SEKI" $CHECK --checkpoint check-ranks
du -sh ./*
exit 0
