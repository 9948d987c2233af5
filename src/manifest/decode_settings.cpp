// Settings documents -> Settings, checking what the schema cannot: rule ids, regexes, durations.

#include <fmt/format.h>

#include "core/model/units.hpp"
#include "core/rules/rule_catalog.hpp"
#include "core/text/env_references.hpp"
#include "core/text/spelling.hpp"
#include "core/text/url_text.hpp"
#include "manifest/decode.hpp"
#include "manifest/document_reader.hpp"

namespace topicform {
namespace {

class SettingsDecoder {
 public:
  SettingsDecoder(const YamlDocument& document, std::vector<Diagnostic>& diagnostics)
      : m_reader(document), m_diagnostics(diagnostics) {}

  Settings decode(const Location& start) {
    Settings settings;
    settings.at = start;
    decode_naming(settings.naming);
    decode_dead_letter(settings);
    decode_rules(settings);
    decode_budgets(settings);
    if (const auto* require = m_reader.find("/spec/owner/require")) {
      for (const auto& field : *require) settings.required_owner_fields.push_back(field);
    }
    decode_contract(settings.contract);
    if (const auto* keys = m_reader.find("/spec/unmanagedConfigs")) {
      for (const auto& key : *keys) settings.unmanaged_configs.push_back(key);
    }
    decode_environments(settings);
    return settings;
  }

 private:
  void report(const Location& at, std::string message) {
    m_diagnostics.push_back(
        Diagnostic{Severity::error, "manifest/settings", std::move(message), at});
  }

  void add_convention(NamingConvention& naming, const nlohmann::json& entry,
                      const std::string& pointer) {
    if (entry.is_string()) {
      naming.presets.push_back(entry.get<std::string>());
      return;
    }
    std::string pattern = entry.at("pattern").get<std::string>();
    auto compiled = Pattern::compile(pattern);
    if (compiled) {
      naming.patterns.push_back(std::move(*compiled));
    } else {
      report(m_reader.value_at(pointer + "/pattern"),
             fmt::format("naming pattern '{}' is not a valid regular expression (RE2 syntax): {}",
                         pattern, compiled.error().message));
    }
  }

  std::optional<RegistrySettings> decode_registry(const std::string& base) {
    if (m_reader.find(base) == nullptr) return std::nullopt;
    RegistrySettings registry;
    registry.at = m_reader.key_at(base);
    registry.url = m_reader.text(base + "/url").value;
    registry.username = m_reader.text(base + "/username").value;
    registry.password = m_reader.text(base + "/password").value;
    registry.token = m_reader.text(base + "/token").value;
    registry.ca_file = m_reader.text(base + "/caFile").value;
    registry.cert_file = m_reader.text(base + "/certFile").value;
    registry.key_file = m_reader.text(base + "/keyFile").value;
    for (const char* secret : {"password", "token"}) {
      auto value = m_reader.text(base + "/" + secret);
      if (value.present && !is_env_reference(value.value)) report_written_out(value.at, secret);
    }
    auto url = m_reader.text(base + "/url");
    if (std::string password = url_password_as_written(url.value);
        !password.empty() && !is_env_reference(password)) {
      report_written_out(url.at, "url's password");
    }
    return registry;
  }

  // `kubernetes:`; the label Strimzi's operator selects by is `cluster`, never a label of its own.
  KubernetesSettings decode_kubernetes(const std::string& base) {
    KubernetesSettings kubernetes;
    if (m_reader.find(base) == nullptr) return kubernetes;
    kubernetes.at = m_reader.key_at(base);
    kubernetes.cluster = m_reader.text(base + "/cluster").value;
    kubernetes.name_space = m_reader.text(base + "/namespace").value;
    kubernetes.kafka_rest_class = m_reader.text(base + "/kafkaRestClass").value;
    kubernetes.kafka_rest_endpoint = m_reader.text(base + "/kafkaRestEndpoint").value;
    for (auto [key, into] : {std::pair{"labels", &kubernetes.labels},
                             std::pair{"annotations", &kubernetes.annotations}}) {
      std::string pointer = base + "/" + key;
      if (const auto* map = m_reader.find(pointer)) {
        for (const auto& [name, value] : map->items())
          (*into)[name] = m_reader.text(pointer_child(pointer, name)).value;
      }
    }
    if (kubernetes.labels.count("strimzi.io/cluster")) {
      report(m_reader.key_at(pointer_child(base + "/labels", "strimzi.io/cluster")),
             "kubernetes.labels sets strimzi.io/cluster: write the cluster's name as "
             "kubernetes.cluster, which export puts in that label");
    }
    for (const auto& [name, value] : kubernetes.annotations) {
      if (name.starts_with("topicform.dev/")) {
        report(m_reader.key_at(pointer_child(base + "/annotations", name)),
               fmt::format("kubernetes.annotations sets {}: the topicform.dev/ annotations carry "
                           "each topic's owner card; choose another key",
                           name));
      }
    }
    return kubernetes;
  }

  // The value itself is never repeated: it is the secret.
  void report_written_out(const Location& at, const char* what) {
    report(at, fmt::format("schemaRegistry.{} is written out: a secret in Git is read by everyone "
                           "who reads the repository; write exactly ${{env:NAME}} and set NAME "
                           "where topicform runs",
                           what));
  }

  void decode_contract(ContractSettings& contract) {
    const std::string base = "/spec/schemas";
    if (auto mode = m_reader.text(base + "/compatibility"); mode.present) {
      contract.compatibility = mode.value;
    }
    if (auto rules = m_reader.text(base + "/protobufRules"); rules.present) {
      contract.protobuf_rules = rules.value;
    }
    auto words = [&](const char* key, std::vector<std::string>& into) {
      if (const auto* list = m_reader.find(base + "/" + key))
        into.assign(list->begin(), list->end());
    };
    words("eventIdFields", contract.event_id_fields);
    words("versionFields", contract.version_fields);
    words("amountWords", contract.amount_words);
    words("unitWords", contract.unit_words);
  }

  void decode_naming(NamingConvention& naming) {
    const std::string base = "/spec/naming";
    if (const auto* convention = m_reader.find(base + "/convention")) {
      naming.presets.clear();
      naming.at = m_reader.value_at(base + "/convention");
      if (convention->is_array()) {
        for (std::size_t i = 0; i < convention->size(); ++i) {
          add_convention(naming, (*convention)[i], base + "/convention/" + std::to_string(i));
        }
      } else {
        add_convention(naming, *convention, base + "/convention");
      }
    }
    if (const auto* kinds = m_reader.find(base + "/kinds")) {
      naming.kinds.assign(kinds->begin(), kinds->end());
    }
    if (const auto* words = m_reader.find(base + "/forbiddenWords")) {
      naming.forbidden_words.assign(words->begin(), words->end());
    }
  }

  void decode_dead_letter(Settings& settings) {
    auto retention = m_reader.text("/spec/deadLetter/retention");
    if (retention.present) {
      if (auto ms = parse_duration_ms(retention.value)) {
        settings.dead_letter_retention_ms = *ms;
      } else {
        report(retention.at, fmt::format("dead-letter retention '{}' is not a duration (e.g. 30d)",
                                         retention.value));
      }
    }
    auto partitions = m_reader.integer("/spec/deadLetter/partitions");
    if (partitions.present) settings.dead_letter_partitions = partitions.value;
  }

  void decode_rules(Settings& settings) {
    const auto* rules = m_reader.find("/spec/rules");
    if (rules == nullptr) return;
    for (const auto& [id, value] : rules->items()) {
      std::string pointer = pointer_child("/spec/rules", id);
      const RuleInfo* rule = find_rule(id);
      if (rule == nullptr) {
        std::vector<std::string_view> ids;
        for (const auto& known : all_rules()) ids.push_back(known.id);
        std::string hint;
        if (auto close = closest_word(id, ids, 3))
          hint = fmt::format(": did you mean '{}'?", *close);
        report(m_reader.key_at(pointer), fmt::format("unknown rule '{}'{}", id, hint));
        continue;
      }
      if (!rule->adjustable) {
        report(
            m_reader.key_at(pointer),
            fmt::format("rule '{}' cannot be changed: manifests that break it cannot be read", id));
        continue;
      }
      std::string severity = value.get<std::string>();
      settings.severities[id] = severity == "off" ? std::nullopt : parse_severity(severity);
    }
  }

  void decode_budgets(Settings& settings) {
    auto replicas = m_reader.integer("/spec/budgets/partitionReplicasPerBroker");
    if (replicas.present) settings.partition_replicas_per_broker = replicas.value;
    auto headroom = m_reader.number("/spec/budgets/partitionHeadroom");
    if (headroom.present) settings.partition_headroom = headroom.value;
    auto storage = m_reader.text("/spec/budgets/storagePerTopic");
    if (storage.present) {
      if (auto bytes = parse_size_bytes(storage.value); bytes && *bytes > 0) {
        settings.storage_bytes_per_topic = static_cast<double>(*bytes);
      } else {
        report(storage.at,
               fmt::format("storage budget '{}' is not a size (e.g. 500GiB)", storage.value));
      }
    }
  }

  // `acls:` of an environment: absent or `enabled: false` leaves ACLs unmanaged there.
  std::optional<AccessSettings> decode_access(const std::string& base) {
    if (!m_reader.find(base)) return std::nullopt;
    if (auto enabled = m_reader.boolean(base + "/enabled"); enabled.present && !enabled.value) {
      return std::nullopt;
    }
    AccessSettings access;
    access.at = m_reader.key_at(base);
    if (auto pattern = m_reader.text(base + "/principal"); pattern.present) {
      access.principal_pattern = pattern.value;
    }
    access.team_pattern = m_reader.text(base + "/team").value;
    if (const auto* kept = m_reader.find(base + "/unmanagedPrincipals")) {
      for (const auto& principal : *kept) {
        if (principal.is_string())
          access.unmanaged_principals.push_back(principal.get<std::string>());
      }
    }
    if (const auto* principals = m_reader.find(base + "/principals")) {
      for (const auto& [service, value] : principals->items()) {
        access.overrides[service] =
            m_reader.text(pointer_child(base + "/principals", service)).value;
      }
    }
    return access;
  }

  void decode_environments(Settings& settings) {
    if (const auto* environments = m_reader.find("/spec/environments")) {
      for (const auto& [name, value] : environments->items()) {
        std::string base = pointer_child("/spec/environments", name);
        Environment env;
        env.name = name;
        env.at = m_reader.key_at(base);
        env.bootstrap_servers = m_reader.text(base + "/bootstrapServers").value;
        env.cluster_id = m_reader.text(base + "/clusterId").value;
        if (auto brokers = m_reader.integer(base + "/brokers"); brokers.present) {
          env.brokers = brokers.value;
          env.brokers_declared = true;
        }
        if (auto v = m_reader.integer(base + "/replicationFactor/default"); v.present)
          env.default_replication_factor = v.value;
        if (auto v = m_reader.integer(base + "/replicationFactor/minimum"); v.present)
          env.minimum_replication_factor = v.value;
        if (auto v = m_reader.integer(base + "/minInsyncReplicas/default"); v.present)
          env.default_min_insync_replicas = v.value;
        if (auto v = m_reader.integer(base + "/minInsyncReplicas/minimum"); v.present)
          env.minimum_min_insync_replicas = v.value;
        if (auto v = m_reader.integer(base + "/maxMessageBytes"); v.present)
          env.max_message_bytes = v.value;
        env.access = decode_access(base + "/acls");
        env.schema_registry = decode_registry(base + "/schemaRegistry");
        env.kubernetes = decode_kubernetes(base + "/kubernetes");
        if (env.default_replication_factor > env.brokers) {
          report(env.at, fmt::format("environment '{}' defaults to replication factor {} but has "
                                     "{} broker(s)",
                                     name, env.default_replication_factor, env.brokers));
        }
        settings.environments[name] = env;
      }
    }
    auto default_env = m_reader.text("/spec/defaultEnvironment");
    if (default_env.present) {
      settings.default_environment = default_env.value;
      if (!settings.environments.count(default_env.value)) {
        report(default_env.at, fmt::format("default environment '{}' is not declared under "
                                           "'environments'",
                                           default_env.value));
      }
    }
  }

  DocumentReader m_reader;
  std::vector<Diagnostic>& m_diagnostics;
};

}  // namespace

Settings decode_settings(const YamlDocument& document, std::vector<Diagnostic>& diagnostics) {
  return SettingsDecoder(document, diagnostics).decode(document.start);
}

}  // namespace topicform
