// What the catalogue says about one topic, in human units.
#include "docs/topic_facts.hpp"

#include <fmt/format.h>

#include "core/model/config_value_text.hpp"
#include "core/model/units.hpp"

namespace topicform {
namespace {

std::string or_dash(const std::string& text) { return text.empty() ? "—" : text; }

// "User:a, User:b": the principals granted `operation` on `topic`.
std::string principals_with(const CatalogueTopic& entry, const std::string& topic,
                            AclOperation operation) {
  std::vector<std::string> out;
  for (const auto& b : entry.access) {
    if (b.name == topic && b.operation == operation) out.push_back(b.principal);
  }
  return fmt::format("{}", fmt::join(out, ", "));
}

// Who the ACLs let write and read the topic and its `.dead`, where the environment manages them.
void add_access_facts(const CatalogueTopic& entry, std::vector<Fact>& facts) {
  if (entry.access.empty()) return;
  const std::string& name = entry.name();
  facts.push_back(
      {"May write (ACL)", or_dash(principals_with(entry, name, AclOperation::write)), ""});
  facts.push_back(
      {"May read (ACL)", or_dash(principals_with(entry, name, AclOperation::read)), ""});
  if (!entry.dead) return;
  const std::string& dead = entry.dead->name;
  facts.push_back(
      {"May write .dead (ACL)", or_dash(principals_with(entry, dead, AclOperation::write)), ""});
  facts.push_back(
      {"May read .dead (ACL)", or_dash(principals_with(entry, dead, AclOperation::read)), ""});
}

// Why a topic has no `.dead` topic: turned off (with the manifest's reason) or nobody consumes.
std::string dead_letter_absence(const EffectiveTopic& topic) {
  const auto& dead = topic.spec->dead_letter;
  if (dead && dead->enabled.present && !dead->enabled.value) {
    return dead->reason.value.empty() ? "none (turned off; no reason given)"
                                      : "none (turned off: " + dead->reason.value + ")";
  }
  return "none (no consumers)";
}

}  // namespace

std::string consumer_list(const OwnerCard& owner) {
  std::vector<std::string> out;
  for (const auto& c : owner.consumers) {
    out.push_back(c.replicas.present && c.replicas.value != 1
                      ? fmt::format("{} ({} replicas)", c.group.value, c.replicas.value)
                      : c.group.value);
  }
  return fmt::format("{}", fmt::join(out, ", "));
}

// "orders.created-value, version 3 (JSON, BACKWARD)": the version only where the registry was
// read, and then linked to the registered schema.
Fact subject_fact(const CatalogueTopic& topic) {
  std::string value = topic.subject;
  if (topic.registered.version > 0) value += fmt::format(", version {}", topic.registered.version);
  if (!topic.schema_type.empty())
    value += fmt::format(" ({}, {})", topic.schema_type, topic.compatibility);
  return {"Schema subject", value, topic.registered.schema_url()};
}

std::vector<Fact> owner_facts(const CatalogueTopic& topic) {
  const TopicSpec& spec = topic.spec();
  const OwnerCard& owner = spec.owner;
  std::vector<Fact> facts{
      {"Kind", or_dash(spec.kind.value), ""},
      {"Domain", topic.domain, ""},
      {"Owning team", or_dash(owner.team.value), ""},
      {"Producer", or_dash(owner.producer.value), ""},
      {"Consumer groups", or_dash(consumer_list(owner)), ""},
      {"Key", or_dash(owner.key.value), ""},
      {"Ordering", or_dash(owner.ordering.value), ""},
  };
  // Topic pages live in topics/, next to the catalogue's schemas/ folder.
  bool url = topic.schema.find("://") != std::string::npos;
  std::string schema_link = url                         ? topic.schema
                            : topic.schema_copy.empty() ? ""
                                                        : "../" + topic.schema_copy;
  facts.push_back({"Schema", or_dash(topic.schema), schema_link});
  if (!topic.subject.empty()) facts.push_back(subject_fact(topic));
  if (!owner.max_consumer_downtime.value.empty()) {
    facts.push_back({"Longest consumer downtime", owner.max_consumer_downtime.value, ""});
  }
  if (!spec.replayable.value.empty())
    facts.push_back({"Replayable from", spec.replayable.value, ""});
  if (!spec.previous_name.value.empty()) {
    facts.push_back({"Previous name", spec.previous_name.value, ""});
  }
  add_access_facts(topic, facts);
  std::vector<std::string> labels;
  for (const auto& [k, v] : spec.labels) labels.push_back(fmt::format("{}={}", k, v));
  if (!labels.empty()) facts.push_back({"Labels", fmt::format("{}", fmt::join(labels, ", ")), ""});
  facts.push_back({"Manifest", topic.manifest, ""});
  return facts;
}

std::vector<Fact> storage_facts(const CatalogueTopic& topic) {
  const EffectiveTopic& t = topic.topic;
  std::vector<Fact> facts{
      {"Partitions", std::to_string(t.partitions.value), ""},
      {"Replication factor", std::to_string(t.replication_factor.value), ""},
      {"Retention", retention_text(t), ""},
  };
  if (auto bytes = t.config_integer("retention.bytes")) {
    facts.push_back({"Retention per partition",
                     *bytes < 0 ? "unlimited" : format_size_bytes(static_cast<double>(*bytes)),
                     ""});
  }
  facts.push_back({"Cleanup policy", fmt::format("{}", fmt::join(t.cleanup_policy, ", ")), ""});
  if (auto isr = t.config_integer("min.insync.replicas")) {
    facts.push_back({"Min in-sync replicas", std::to_string(*isr), ""});
  }
  if (topic.dead) {
    facts.push_back(
        {"Dead-letter topic",
         fmt::format("{} ({} partition{}, {}, {})", topic.dead->name, topic.dead->partitions.value,
                     topic.dead->partitions.value == 1 ? "" : "s", retention_text(*topic.dead),
                     fmt::join(topic.dead->cleanup_policy, ", ")),
         ""});
  } else {
    facts.push_back({"Dead-letter topic", dead_letter_absence(t), ""});
  }
  if (topic.storage_bytes) {
    facts.push_back({"Storage estimate", format_size_bytes(*topic.storage_bytes), ""});
  }
  return facts;
}

std::vector<std::pair<std::string, std::string>> config_rows(const CatalogueTopic& topic) {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const auto& [key, entry] : topic.topic.config)
    rows.emplace_back(key, readable_value(key, entry.value));
  return rows;
}

Table environment_table(const CatalogueTopic& topic) {
  Table table{{"Environment", "Partitions", "Replication", "Retention", "Min in-sync"}, {}};
  for (const auto& e : topic.environments) {
    table.rows.push_back({e.environment, std::to_string(e.partitions),
                          std::to_string(e.replication_factor), e.retention,
                          e.min_insync_replicas ? std::to_string(*e.min_insync_replicas) : "—"});
  }
  return table;
}

std::string environments_note(const CatalogueTopic& topic) {
  return topic.environments_differ() ? "The environments differ:"
                                     : "Every environment has the same figures.";
}

std::vector<std::string> index_header() {
  return {"Topic", "Kind", "Team", "Producer", "Consumer groups", "Key", "Retention"};
}

std::vector<std::string> index_cells(const CatalogueTopic& topic) {
  const OwnerCard& owner = topic.spec().owner;
  return {topic.spec().kind.value, owner.team.value, owner.producer.value,
          consumer_list(owner),    owner.key.value,  retention_text(topic.topic)};
}

}  // namespace topicform
