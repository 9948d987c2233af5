// The Schema Registry over HTTP(S): Confluent's REST API, which Apicurio, Karapace and Redpanda
// also serve. Bounded answers, timeouts from --timeout, no redirects, secrets never in messages.
#pragma once

#include <memory>
#include <string>

#include "core/contract/schema_registry.hpp"
#include "core/model/settings.hpp"
#include "core/text/url_text.hpp"

namespace topicform {

class HttpRegistry : public SchemaRegistry {
 public:
  ~HttpRegistry() override;
  Result<SubjectState> read_subject(const std::string& subject) override;
  // Eight subjects at a time, each reader on a connection of its own.
  Result<std::vector<SubjectState>> read_subjects(
      const std::vector<std::string>& subjects) override;
  Result<SchemaText> read_version(const std::string& subject, int version) override;
  Result<std::optional<int>> find_version(const std::string& subject,
                                          const SchemaText& schema) override;
  Result<RegistryVerdict> check(const std::string& subject, const SchemaText& schema) override;
  Result<int> register_schema(const std::string& subject, const SchemaText& schema) override;
  Result<bool> set_level(const std::string& subject, const std::string& level) override;
  Result<bool> soft_delete(const std::string& subject) override;

  RegistryRequestCounts requests() const override;
  // The registry's URL with ${env:...} resolved, its credentials left out (url_for_messages).
  std::string address() const override;

  struct Connection;  // the resolved settings and the curl handle

 private:
  friend Result<std::unique_ptr<HttpRegistry>> open_registry(const RegistrySettings&, int);
  explicit HttpRegistry(std::unique_ptr<Connection> connection);
  std::unique_ptr<Connection> m_connection;
};

// Resolves ${env:NAME} in `settings` and prepares a client whose every request ends within
// `timeout_ms`; an error names a variable that is not set, never a value.
Result<std::unique_ptr<HttpRegistry>> open_registry(const RegistrySettings& settings,
                                                    int timeout_ms);

}  // namespace topicform
