// Reading a dead topic for `dead show` and a replay's dry run: its bounds from the admin
// client, its messages from a group-less reader, gathered by cause with progress on a terminal.
#pragma once

#include <memory>
#include <string>

#include "cli/cluster_connection.hpp"
#include "cluster/record_stream.hpp"
#include "render/dead_letters_render.hpp"

namespace topicform {

class DeadTopicReader {
 public:
  static Result<DeadTopicReader> connect(const ConnectionOptions& connection,
                                         const Environment& environment);
  // `topic` from `group`'s committed offsets (the log start where it has none, or for an empty
  // `group`) to the log end now; a topic the cluster lacks comes back with exists = false.
  Result<DeadTopicTriage> triage(const std::string& topic, const std::string& group);
  KafkaAdmin& admin() { return *m_admin; }
  const KafkaOptions& options() const { return m_options; }

 private:
  DeadTopicReader(KafkaOptions options, std::unique_ptr<KafkaAdmin> admin)
      : m_options(std::move(options)), m_admin(std::move(admin)) {}
  // Each partition's range to read, or none when the topic is missing.
  Result<std::optional<ReadRanges>> ranges(const std::string& topic, const std::string& group);
  KafkaOptions m_options;
  std::unique_ptr<KafkaAdmin> m_admin;
};

}  // namespace topicform
