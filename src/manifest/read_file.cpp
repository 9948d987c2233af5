// Whole-file reads with POSIX calls: at 10,000 manifests, std::ifstream's buffer and its extra
// system calls were a tenth of validate's time.
#include "manifest/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace topicform {
namespace {

class OpenFile {
 public:
  explicit OpenFile(const std::string& path)
      : m_fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)) {}
  ~OpenFile() {
    if (m_fd >= 0) ::close(m_fd);
  }
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  int fd() const { return m_fd; }

 private:
  int m_fd;
};

// Reads up to text.size() bytes into `text`, shrinking it if the file ended sooner.
bool read_into(int fd, std::string& text) {
  std::size_t got = 0;
  while (got < text.size()) {
    ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) break;  // it shrank meanwhile
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return true;
}

}  // namespace

FileRead read_file_at_most(const std::string& path, std::uintmax_t limit) {
  FileRead out;
  OpenFile file(path);
  struct stat status {};
  if (file.fd() < 0 || ::fstat(file.fd(), &status) != 0) return out;
  if (!S_ISREG(status.st_mode)) {
    out.status = FileRead::Status::not_regular;
    return out;
  }
  out.size = static_cast<std::uintmax_t>(status.st_size);
  if (out.size > limit) {
    out.status = FileRead::Status::too_large;
    return out;
  }
  out.text.resize(static_cast<std::size_t>(out.size));
  out.status =
      read_into(file.fd(), out.text) ? FileRead::Status::ok : FileRead::Status::read_failed;
  if (out.status != FileRead::Status::ok) out.text.clear();
  return out;
}

std::optional<std::string> read_regular_file(const std::string& path, std::uintmax_t limit) {
  FileRead read = read_file_at_most(path, limit);
  if (read.status != FileRead::Status::ok) return std::nullopt;
  return std::move(read.text);
}

}  // namespace topicform
