// One curl handle, reset per request; answers above 16 MiB are cut off as errors, redirects are
// not followed (credentials would travel with them), and the URL in messages has no userinfo.
#include "registry/http_registry.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <mutex>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/ground/parallel_for.hpp"
#include "core/model/schema_reference.hpp"
#include "core/text/env_references.hpp"
#include "core/text/url_text.hpp"
#include "core/text/visible_text.hpp"
#include "log/log.hpp"
#include "registry/registry_answers.hpp"

namespace topicform {

struct HttpRegistry::Connection {
  std::string url;  // without a trailing '/'
  std::string username, password, token, ca_file, cert_file, key_file;
  long timeout_ms = 30'000;
  CURL* curl = nullptr;
  RegistryRequestCounts counts;
};

namespace {

constexpr std::size_t kMaxAnswerBytes = 16u << 20;
// Subjects read at once: enough to hide round trips, few enough not to crowd a shared registry.
constexpr std::size_t kConcurrentReads = 8;

struct HttpAnswer {
  long status = 0;
  std::string body;
};

std::size_t collect(char* data, std::size_t size, std::size_t count, void* into) {
  auto* body = static_cast<std::string*>(into);
  if (body->size() + size * count > kMaxAnswerBytes) return 0;  // curl stops: CURLE_WRITE_ERROR
  body->append(data, size * count);
  return size * count;
}

// The subject as one escaped path segment; '.' and '..' are refused, not sent: a server removes
// dot segments, and "/config/." would then change the registry-wide level.
Result<std::string> subject_segment(CURL* curl, const std::string& subject) {
  if (auto problem = subject_name_problem(subject); !problem.empty())
    return Error{
        fmt::format("schema subject '{}' cannot be addressed: {}", visible(subject), problem)};
  char* out = curl_easy_escape(curl, subject.c_str(), static_cast<int>(subject.size()));
  std::string text = out ? out : "";
  curl_free(out);
  if (text.empty()) return Error{"cannot escape a schema subject (curl_easy_escape)"};
  return text;
}

void set_security(HttpRegistry::Connection& c, curl_slist*& headers) {
  if (!c.username.empty()) {
    curl_easy_setopt(c.curl, CURLOPT_HTTPAUTH, CURLAUTH_BASIC);
    curl_easy_setopt(c.curl, CURLOPT_USERNAME, c.username.c_str());
    curl_easy_setopt(c.curl, CURLOPT_PASSWORD, c.password.c_str());
  }
  if (!c.token.empty()) {
    curl_easy_setopt(c.curl, CURLOPT_HTTPAUTH, CURLAUTH_BEARER);
    curl_easy_setopt(c.curl, CURLOPT_XOAUTH2_BEARER, c.token.c_str());
  }
  if (!c.ca_file.empty()) curl_easy_setopt(c.curl, CURLOPT_CAINFO, c.ca_file.c_str());
  if (!c.cert_file.empty()) curl_easy_setopt(c.curl, CURLOPT_SSLCERT, c.cert_file.c_str());
  if (!c.key_file.empty()) curl_easy_setopt(c.curl, CURLOPT_SSLKEY, c.key_file.c_str());
  headers = curl_slist_append(headers, "Accept: application/vnd.schemaregistry.v1+json");
  headers = curl_slist_append(headers, "Content-Type: application/vnd.schemaregistry.v1+json");
}

Result<HttpAnswer> send(HttpRegistry::Connection& c, const char* method, const std::string& path,
                        const std::string& body) {
  curl_easy_reset(c.curl);
  HttpAnswer answer;
  std::string url = c.url + path;
  curl_slist* headers = nullptr;
  set_security(c, headers);
  curl_easy_setopt(c.curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(c.curl, CURLOPT_CUSTOMREQUEST, method);
  curl_easy_setopt(c.curl, CURLOPT_HTTPHEADER, headers);
  if (std::string(method) != "GET" && std::string(method) != "DELETE") {
    curl_easy_setopt(c.curl, CURLOPT_POSTFIELDS, body.c_str());
    curl_easy_setopt(c.curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  }
  curl_easy_setopt(c.curl, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(c.curl, CURLOPT_WRITEDATA, &answer.body);
  curl_easy_setopt(c.curl, CURLOPT_TIMEOUT_MS, c.timeout_ms);
  curl_easy_setopt(c.curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c.curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(c.curl, CURLOPT_PATH_AS_IS, 1L);  // the path is sent as built, never shortened
  curl_easy_setopt(c.curl, CURLOPT_PROTOCOLS_STR, "http,https");
  auto started = std::chrono::steady_clock::now();
  CURLcode code = curl_easy_perform(c.curl);
  curl_slist_free_all(headers);
  std::string where =
      fmt::format("schema registry {}: {} {}", url_for_messages(c.url), method, path);
  if (code == CURLE_OK) curl_easy_getinfo(c.curl, CURLINFO_RESPONSE_CODE, &answer.status);
  if (log_enabled(LogLevel::debug)) {
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - started)
                  .count();
    log_debug(fmt::format("{}: {} in {} ms", where,
                          code == CURLE_OK ? fmt::format("HTTP {}", answer.status)
                                           : std::string(curl_easy_strerror(code)),
                          ms));
  }
  if (code == CURLE_WRITE_ERROR) return Error{where + ": the answer is larger than 16 MiB"};
  if (code != CURLE_OK) return Error{fmt::format("{}: {}", where, curl_easy_strerror(code))};
  return answer;
}

std::string schema_body(const SchemaText& schema) {
  nlohmann::json body{{"schema", schema.schema}};
  if (schema.type != "AVRO") body["schemaType"] = schema.type;
  for (const auto& reference : schema.references) {
    body["references"].push_back(
        {{"name", reference.name}, {"subject", reference.subject}, {"version", reference.version}});
  }
  return body.dump();
}

}  // namespace

namespace {

// A failed answer as an error naming the request; the body's words, never the credentials.
Error failure(const HttpRegistry::Connection& c, const char* method, const std::string& path,
              const HttpAnswer& answer) {
  std::string hint = answer.status == 401 || answer.status == 403
                         ? "; check schemaRegistry's username and password or token"
                         : "";
  return Error{fmt::format("schema registry {}: {} {}: {}{}", url_for_messages(c.url), method, path,
                           error_words(answer.status, answer.body), hint)};
}

// An answer that could not be read, named with the registry it came from.
Error unreadable(const HttpRegistry::Connection& c, const Error& why) {
  return Error{fmt::format("schema registry {}: {}", url_for_messages(c.url), why.message)};
}

}  // namespace

HttpRegistry::HttpRegistry(std::unique_ptr<Connection> connection)
    : m_connection(std::move(connection)) {}

HttpRegistry::~HttpRegistry() {
  if (m_connection && m_connection->curl) curl_easy_cleanup(m_connection->curl);
}

RegistryRequestCounts HttpRegistry::requests() const { return m_connection->counts; }

std::string HttpRegistry::address() const { return url_for_messages(m_connection->url); }

namespace {

// The subject's level, versions and latest schema: three GETs (four on a Confluent registry,
// which answers 404 for a subject without a level of its own).
Result<SubjectState> read_one(HttpRegistry::Connection& c, const std::string& subject) {
  auto segment = subject_segment(c.curl, subject);
  if (!segment) return segment.error();
  std::string base = "/subjects/" + *segment;
  SubjectState state;
  c.counts.reads += 3;
  std::string level_path = "/config/" + *segment;
  auto level = send(c, "GET", level_path, "");
  if (!level) return level.error();
  if (level->status == 404) {  // Confluent: 40408, the subject has no level of its own
    level_path = "/config";
    level = send(c, "GET", level_path, "");
    if (!level) return level.error();
  }
  if (level->status != 200) return failure(c, "GET", level_path, *level);
  auto named = parse_level(level->body);
  if (!named) return unreadable(c, named.error());
  state.level = *named;
  auto versions = send(c, "GET", base + "/versions", "");
  if (!versions) return versions.error();
  if (versions->status == 404) return state;  // no such subject (40401)
  if (versions->status != 200) return failure(c, "GET", base + "/versions", *versions);
  auto list = parse_versions(versions->body);
  if (!list) return unreadable(c, list.error());
  state.versions = *list;
  state.exists = !list->empty();
  if (!state.exists) return state;
  auto latest = send(c, "GET", base + "/versions/latest", "");
  if (!latest) return latest.error();
  if (latest->status != 200) return failure(c, "GET", base + "/versions/latest", *latest);
  auto read = parse_latest(latest->body, state);
  if (!read) return unreadable(c, read.error());
  return state;
}

// A connection with the same settings and a handle of its own, for one reader thread.
std::unique_ptr<HttpRegistry::Connection> twin_of(const HttpRegistry::Connection& c) {
  auto twin = std::make_unique<HttpRegistry::Connection>(c);
  twin->counts = {};
  twin->curl = curl_easy_init();
  return twin;
}

}  // namespace

Result<SubjectState> HttpRegistry::read_subject(const std::string& subject) {
  return read_one(*m_connection, subject);
}

Result<std::vector<SubjectState>> HttpRegistry::read_subjects(
    const std::vector<std::string>& subjects) {
  std::vector<std::unique_ptr<Connection>> idle;  // one per reader, kept alive between subjects
  for (std::size_t i = 0; i < std::min(kConcurrentReads, subjects.size()); ++i) {
    idle.push_back(twin_of(*m_connection));
    if (idle.back()->curl == nullptr) return Error{"cannot start an HTTP client (curl_easy_init)"};
  }
  std::mutex lending;
  auto borrow = [&] {
    std::lock_guard lock(lending);
    auto c = std::move(idle.back());
    idle.pop_back();
    return c;
  };
  std::vector<Result<SubjectState>> answers(subjects.size(), Error{"not read"});
  parallel_for(subjects.size(), static_cast<unsigned>(kConcurrentReads), [&](std::size_t i) {
    auto c = borrow();
    answers[i] = read_one(*c, subjects[i]);
    std::lock_guard lock(lending);
    idle.push_back(std::move(c));
  });
  for (auto& c : idle) {
    m_connection->counts.reads += c->counts.reads;
    curl_easy_cleanup(c->curl);
  }
  std::vector<SubjectState> states;
  for (auto& answer : answers) {  // the first failure in the subjects' order is the one told
    if (!answer) return answer.error();
    states.push_back(std::move(*answer));
  }
  return states;
}

Result<SchemaText> HttpRegistry::read_version(const std::string& subject, int version) {
  Connection& c = *m_connection;
  auto segment = subject_segment(c.curl, subject);
  if (!segment) return segment.error();
  std::string path = fmt::format("/subjects/{}/versions/{}", *segment, version);
  ++c.counts.reads;
  auto answer = send(c, "GET", path, "");
  if (!answer) return answer.error();
  if (answer->status != 200) return failure(c, "GET", path, *answer);
  auto read = parse_schema_version(answer->body);
  if (!read) return unreadable(c, read.error());
  return read;
}

Result<std::optional<int>> HttpRegistry::find_version(const std::string& subject,
                                                      const SchemaText& schema) {
  Connection& c = *m_connection;
  auto segment = subject_segment(c.curl, subject);
  if (!segment) return segment.error();
  std::string path = "/subjects/" + *segment;
  ++c.counts.reads;
  auto answer = send(c, "POST", path, schema_body(schema));
  if (!answer) return answer.error();
  if (answer->status == 404) return std::optional<int>();  // 40401 or 40403: not held
  if (answer->status != 200) return failure(c, "POST", path, *answer);
  auto version = parse_version_of(answer->body);
  if (!version) return unreadable(c, version.error());
  return std::optional<int>(*version);
}

Result<RegistryVerdict> HttpRegistry::check(const std::string& subject, const SchemaText& schema) {
  Connection& c = *m_connection;
  auto segment = subject_segment(c.curl, subject);
  if (!segment) return segment.error();
  std::string path = "/compatibility/subjects/" + *segment + "/versions/latest?verbose=true";
  ++c.counts.reads;
  auto answer = send(c, "POST", path, schema_body(schema));
  if (!answer) return answer.error();
  if (answer->status != 200) return failure(c, "POST", path, *answer);
  auto verdict = parse_verdict(answer->body);
  if (!verdict) return unreadable(c, verdict.error());
  return verdict;
}

Result<int> HttpRegistry::register_schema(const std::string& subject, const SchemaText& schema) {
  Connection& c = *m_connection;
  auto segment = subject_segment(c.curl, subject);
  if (!segment) return segment.error();
  std::string path = "/subjects/" + *segment + "/versions";
  ++c.counts.writes;
  auto answer = send(c, "POST", path, schema_body(schema));
  if (!answer) return answer.error();
  if (answer->status != 200) return failure(c, "POST", path, *answer);
  auto id = parse_id(answer->body);
  if (!id) return unreadable(c, id.error());
  return id;
}

Result<bool> HttpRegistry::set_level(const std::string& subject, const std::string& level) {
  Connection& c = *m_connection;
  auto segment = subject_segment(c.curl, subject);
  if (!segment) return segment.error();
  std::string path = "/config/" + *segment;
  ++c.counts.writes;
  auto answer = send(c, "PUT", path, nlohmann::json{{"compatibility", level}}.dump());
  if (!answer) return answer.error();
  if (answer->status != 200) return failure(c, "PUT", path, *answer);
  return true;
}

Result<bool> HttpRegistry::soft_delete(const std::string& subject) {
  Connection& c = *m_connection;
  auto segment = subject_segment(c.curl, subject);
  if (!segment) return segment.error();
  std::string path = "/subjects/" + *segment;
  ++c.counts.writes;
  auto answer = send(c, "DELETE", path, "");
  if (!answer) return answer.error();
  if (answer->status != 200 && answer->status != 404) return failure(c, "DELETE", path, *answer);
  return true;
}

Result<std::unique_ptr<HttpRegistry>> open_registry(const RegistrySettings& settings,
                                                    int timeout_ms) {
  static std::once_flag initialised;
  std::call_once(initialised, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  auto connection = std::make_unique<HttpRegistry::Connection>();
  struct Field {
    const std::string& value;
    std::string& into;
    const char* name;
  };
  for (Field f : {Field{settings.url, connection->url, "url"},
                  Field{settings.username, connection->username, "username"},
                  Field{settings.password, connection->password, "password"},
                  Field{settings.token, connection->token, "token"},
                  Field{settings.ca_file, connection->ca_file, "caFile"},
                  Field{settings.cert_file, connection->cert_file, "certFile"},
                  Field{settings.key_file, connection->key_file, "keyFile"}}) {
    auto expanded = expand_env_references(f.value, fmt::format("schemaRegistry.{}", f.name));
    if (!expanded) return expanded.error();
    f.into = *expanded;
  }
  // Credentials in the URL are sent as the settings' own would be, never as part of a URL that a
  // message could show; a password with '/' or '@' in it is taken whole.
  UrlParts parts = split_url_credentials(connection->url);
  connection->url = parts.url;
  if (connection->username.empty() && connection->token.empty()) {
    connection->username = parts.username;
    connection->password = parts.password;
  }
  while (connection->url.ends_with('/')) connection->url.pop_back();
  connection->timeout_ms = timeout_ms;
  connection->curl = curl_easy_init();
  if (connection->curl == nullptr) return Error{"cannot start an HTTP client (curl_easy_init)"};
  return std::unique_ptr<HttpRegistry>(new HttpRegistry(std::move(connection)));
}

}  // namespace topicform
