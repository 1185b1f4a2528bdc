// Runs the built `seki` binary in a child process with captured standard streams, for the
// end-to-end tests. SEKI_BINARY is defined by tests/CMakeLists.txt.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace seki::testing {

struct RunResult {
  int status = -1;  // exit status, or -1 when the process did not exit normally
  std::string out, err;
  int signal = 0;  // the signal that ended it, if any
};

// A temporary file removed on destruction.
class TempFile {
 public:
  explicit TempFile(const std::string& contents = "") {
    char name[] = "/tmp/seki_cli_test_XXXXXX";
    const int fd = mkstemp(name);
    if (fd < 0) throw std::runtime_error("mkstemp failed");
    close(fd);
    path_ = name;
    std::ofstream(path_) << contents;
  }
  ~TempFile() { std::filesystem::remove(path_); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  const std::string& path() const { return path_; }
  std::string Read() const {
    std::ostringstream s;
    s << std::ifstream(path_).rdbuf();
    return s.str();
  }

 private:
  std::string path_;
};

// Whether this build runs under ThreadSanitizer or AddressSanitizer, and how many times longer a
// child may take before it counts as hung: a sanitizer slows the child (ThreadSanitizer by 5 to 15
// times), and the limit is there to catch hangs, not slowness.
#if defined(__SANITIZE_THREAD__)
inline constexpr bool kUnderSanitizer = true;
inline constexpr int kSanitizerSlowdown = 10;
#elif defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderSanitizer = true;
inline constexpr int kSanitizerSlowdown = 3;
#else
inline constexpr bool kUnderSanitizer = false;
inline constexpr int kSanitizerSlowdown = 1;
#endif

// Runs `program` (a path) with the given arguments and standard input, plus `env` entries
// ("NAME=value") in its environment; kills it after timeout_seconds (times kSanitizerSlowdown).
inline RunResult RunProgram(const std::string& program, const std::vector<std::string>& args,
                            const std::string& input = "", const std::vector<std::string>& env = {},
                            int timeout_seconds = 60) {
  TempFile in(input), out, err;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, in.path().c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.path().c_str(), O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_addopen(&actions, 2, err.path().c_str(), O_WRONLY | O_TRUNC, 0);

  std::vector<std::string> argv_strings = {program};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  pid_t pid = 0;
  std::vector<std::string> env_strings(env);
  for (char** e = environ; *e; ++e) env_strings.emplace_back(*e);
  std::vector<char*> envp;
  for (std::string& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  const int spawned =
      posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("cannot start " + program);

  int wstatus = 0;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds * kSanitizerSlowdown);
  while (waitpid(pid, &wstatus, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &wstatus, 0);
      ADD_FAILURE() << program << " hung and was killed";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return {WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1, out.Read(), err.Read(),
          WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0};
}

// Runs the built `seki` (see RunProgram).
inline RunResult RunSeki(const std::vector<std::string>& args, const std::string& input = "",
                         const std::vector<std::string>& env = {}, int timeout_seconds = 60) {
  return RunProgram(SEKI_BINARY, args, input, env, timeout_seconds);
}

inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream s(text);
  for (std::string line; std::getline(s, line);) lines.push_back(line);
  return lines;
}

// Exit status 2, nothing on stdout, exactly one line "seki: ..." on stderr containing
// expected_err.
inline void ExpectBadInput(const std::vector<std::string>& args, const std::string& input = "",
                           const std::string& expected_err = "") {
  std::string shown;
  for (const std::string& a : args) shown += " '" + a + "'";
  SCOPED_TRACE("seki" + shown);
  const RunResult r = RunSeki(args, input);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.back(), '\n');
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind("seki: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(expected_err), std::string::npos) << r.err;  // "" is always found
}

}  // namespace seki::testing
