// posix_spawnp with three pipes, drained by poll() so a program that writes while it still reads
// never blocks on a full pipe.
#include "manifest/subprocess.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

extern char** environ;

namespace topicform {
namespace {

struct Pipes {
  std::array<int, 2> in{-1, -1}, out{-1, -1}, err{-1, -1};
  ~Pipes() {
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]})
      if (fd >= 0) close(fd);
  }
  bool open() {
    return pipe2(in.data(), O_CLOEXEC) == 0 && pipe2(out.data(), O_CLOEXEC) == 0 &&
           pipe2(err.data(), O_CLOEXEC) == 0;
  }
};

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// Feeds stdin and drains stdout and stderr until both close, a limit is passed or time is up.
std::string exchange(Pipes& pipes, const std::string& input, ProcessOutput& output,
                     const ProcessLimits& limits) {
  std::size_t written = 0;
  if (input.empty()) close_fd(pipes.in[1]);
  auto deadline = std::chrono::steady_clock::now() + limits.timeout;
  char buffer[65536];
  while (pipes.out[0] >= 0 || pipes.err[0] >= 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return fmt::format("it ran longer than {} ms", limits.timeout.count());
    std::array<pollfd, 3> fds{
        {{pipes.out[0], POLLIN, 0}, {pipes.err[0], POLLIN, 0}, {pipes.in[1], POLLOUT, 0}}};
    if (poll(fds.data(), fds.size(), static_cast<int>(left.count())) < 0 && errno != EINTR)
      return std::strerror(errno);
    if (fds[2].revents & (POLLOUT | POLLERR | POLLHUP)) {
      // Non-blocking: a full pipe takes part of it, and we go back to draining the output.
      ssize_t n = write(pipes.in[1], input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      bool again = n < 0 && (errno == EAGAIN || errno == EINTR);
      if ((n < 0 && !again) || written == input.size()) close_fd(pipes.in[1]);
    }
    for (int i = 0; i < 2; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLERR | POLLHUP))) continue;
      int& fd = i == 0 ? pipes.out[0] : pipes.err[0];
      ssize_t n = read(fd, buffer, sizeof buffer);
      if (n <= 0) {
        close_fd(fd);
        continue;
      }
      std::string& into = i == 0 ? output.out : output.err;
      into.append(buffer, static_cast<std::size_t>(n));
      if (i == 0 && into.size() > limits.max_output)
        return fmt::format("it wrote more than {} bytes", limits.max_output);
      if (i == 1 && into.size() > 65536) into.resize(65536);
    }
  }
  return "";
}

}  // namespace

Result<ProcessOutput> run_process(const std::vector<std::string>& argv, const std::string& input,
                                  const ProcessLimits& limits) {
  Pipes pipes;
  if (!pipes.open()) return Error{fmt::format("cannot make pipes: {}", std::strerror(errno))};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipes.in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, pipes.out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, pipes.err[1], 2);
  std::vector<char*> args;
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int started = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (started != 0) return Error{fmt::format("cannot run {}: {}", argv[0], std::strerror(started))};
  close_fd(pipes.in[0]);
  fcntl(pipes.in[1], F_SETFL, fcntl(pipes.in[1], F_GETFL) | O_NONBLOCK);
  close_fd(pipes.out[1]);
  close_fd(pipes.err[1]);
  signal(SIGPIPE, SIG_IGN);  // a program that exits early must not kill us through its stdin
  ProcessOutput output;
  std::string failure = exchange(pipes, input, output, limits);
  if (!failure.empty()) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!failure.empty()) return Error{fmt::format("{} was stopped: {}", argv[0], failure)};
  output.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return output;
}

}  // namespace topicform
