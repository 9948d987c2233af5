// The rule table; ids and summaries follow docs/rules in the project's rule list.
#include "core/rules/rule_catalog.hpp"

#include <algorithm>
#include <array>

namespace topicform {
namespace {

constexpr auto E = Severity::error;
constexpr auto W = Severity::warning;
constexpr auto I = Severity::info;
constexpr std::optional<Severity> None = std::nullopt;
using P = RulePhase;

// A data table, one entry per rule: its length is the catalogue.
constexpr std::array kRules = std::to_array<RuleInfo>({
    {"manifest/unreadable", E, P::manifest, false,
     "a path that cannot be read: missing, unreadable, a broken link"},
    {"manifest/symlink-loop", E, P::manifest, false,
     "a symbolic link that leads back into a folder already being read"},
    {"manifest/encoding", E, P::manifest, false, "manifests are UTF-8 text"},
    {"manifest/too-large", E, P::manifest, false,
     "a manifest file above 4 MiB, or a document that expands past 100,000 nodes"},
    {"manifest/too-deep", E, P::manifest, false, "a document nested deeper than 64 levels"},
    {"manifest/syntax", E, P::manifest, false, "the file is not well-formed YAML"},
    {"manifest/empty", E, P::manifest, false, "a manifest file holds at least one document"},
    {"manifest/none", E, P::manifest, false,
     "the paths given hold at least one manifest: an empty run checks nothing"},
    {"manifest/duplicate-key", E, P::manifest, false,
     "a key appears once per mapping (YAML parsers silently keep the first)"},
    {"manifest/kind", E, P::manifest, false,
     "each document says `apiVersion: topicform/v1` and `kind: Topic` or `kind: Settings`"},
    {"manifest/schema", E, P::manifest, false,
     "the document matches the JSON Schema in schema/ (types, required and unknown fields)"},
    {"manifest/duplicate-topic", E, P::manifest, false, "each topic is declared by one manifest"},
    {"manifest/settings", E, P::manifest, false,
     "at most one Settings document; its values are consistent"},
    {"owner/schema-file", E, P::manifest, false,
     "a local schema path names a regular file of at most 1 MiB inside the project"},
    {"contract/schema-invalid", E, P::manifest, false,
     "a local schema file is valid: JSON at most 64 deep that is a JSON Schema valid by its "
     "meta-schema with its local $refs resolving, or an Avro schema valid by the Avro "
     "specification; or a .proto that "
     "protobuf's own parser builds with its imports (inside the project, at most 64 files)"},
    {"contract/remote-ref", W, P::manifest, false,
     "a $ref outside the schema file is never fetched, so nothing behind it is compared"},
    {"manifest/unknown-environment", E, P::manifest, false,
     "`--env` and `spec.overrides` name environments the settings declare"},
    {"naming/legal", E, P::validate, true,
     "Kafka's own limits: only [a-zA-Z0-9._-], length 1-249, not '.' or '..'"},
    {"naming/lowercase", E, P::validate, true, "topic names are lower case"},
    {"naming/separators", E, P::validate, true,
     "'.' separates levels, '-' separates words; no empty level, no edge separator, no '_'"},
    {"naming/metric-collision", E, P::validate, true,
     "two names equal once '.' and '_' both become '_' collide in Kafka's metrics"},
    {"naming/convention", E, P::validate, true,
     "names follow the project's convention (domain-event, domain-entity-kind or a regex)"},
    {"naming/no-owner-names", E, P::validate, true,
     "no producer or consumer service name, version or environment name in a topic name"},
    {"naming/past-tense", W, P::validate, true,
     "with domain-event, the last level reads as a fact in the past tense"},
    {"naming/reserved-suffix", E, P::validate, true,
     "'.dead' is reserved for dead-letter topics derived from their source"},
    {"naming/rename", I, P::validate, true,
     "a rename is a new topic; messages and group offsets stay with the old one"},
    {"partitions/positive", E, P::validate, true, "partitions >= 1"},
    {"partitions/only-grow", E, P::plan, true,
     "a partition decrease is impossible in place: create a new topic and migrate"},
    {"partitions/key-remap", E, P::plan, true,
     "growing a keyed topic remaps keys; blocked unless `allowKeyRemap: true`"},
    {"partitions/consumer-parallelism", W, P::validate, true,
     "consumer instances of one group above the partition count sit idle"},
    {"partitions/sizing", W, P::validate, true,
     "partitions >= ceil(peak msg/s / one consumer's msg/s) x headroom"},
    {"partitions/budget", W, P::validate, true,
     "partition replicas per broker stay within the configured budget"},
    {"replication/available", E, P::plan, true,
     "replication factor <= brokers the environment declares and the cluster has now"},
    {"replication/environment-minimum", E, P::validate, true,
     "replication factor and min.insync.replicas meet the environment's minimum"},
    {"replication/min-isr", E, P::validate, true,
     "min.insync.replicas < replication factor, and >= 2 when the factor is 3 or more"},
    {"replication/single-copy", W, P::validate, true,
     "replication factor 1 only for messages that can be re-published (`replayable: outbox`)"},
    {"replication/change", E, P::plan, true,
     "a replication factor change needs a partition reassignment"},
    {"retention/explicit", E, P::validate, true, "every topic states its retention"},
    {"retention/units", E, P::validate, true,
     "durations and sizes are written for people (7d, 36h, 10GiB)"},
    {"retention/storage-estimate", W, P::validate, true,
     "estimated disk (msg/s x size x retention x RF + active segments) within budget"},
    {"retention/downtime", W, P::validate, true,
     "retention exceeds the longest allowed consumer downtime plus catch-up time"},
    {"retention/decrease", W, P::plan, true, "lowering retention deletes data soon and for good"},
    {"cleanup/valid", E, P::validate, true, "cleanup.policy is delete, compact, or both"},
    {"cleanup/compact-needs-key", E, P::validate, true,
     "compaction keeps the last value per key, so messages must be keyed"},
    {"cleanup/state-is-compacted", W, P::validate, true, "a topic of kind state uses compaction"},
    {"cleanup/policy-change", W, P::plan, true,
     "changing cleanup.policy removes messages the old policy kept: destructive"},
    {"cleanup/deltas-not-compacted", W, P::validate, true,
     "compacting a stream of events or commands (deltas) loses the total"},
    {"dead/paired", E, P::validate, true,
     "a consumed topic has its '.dead' topic, or opts out with a reason"},
    {"dead/created-with-source", None, P::apply, false,
     "the '.dead' topic is created in the same apply as its source"},
    {"dead/longer-retention", E, P::validate, true,
     "a dead topic keeps messages longer than its source"},
    {"dead/accepts-source", E, P::validate, false,
     "a dead topic takes every message its source takes, with room for the dead-letter headers"},
    {"dead/fixed-config", E, P::validate, false,
     "deadLetter.config leaves what the pairing fixes: cleanup.policy, retention.ms, "
     "min.insync.replicas"},
    {"dead/no-chain", E, P::validate, true, "no '.dead.dead': a dead topic has no dead topic"},
    {"dead/orphan", W, P::validate, true,
     "a '.dead' topic has a source that wants it, in Git and on the cluster"},
    {"dead/delete-order", E, P::plan, false,
     "a source is deleted before its dead topic; a non-empty dead topic blocks deletion"},
    {"dead/alert", W, P::plan, true,
     "any message in a dead topic is an alert: plan names the count"},
    {"owner/required", E, P::validate, true,
     "the owner card has team, producer, kind, key and description (and what settings add)"},
    {"owner/literal-names", E, P::validate, false,
     "producers, groups, teams and extraAccess name one principal: no '*', no empty name"},
    {"owner/group-names", E, P::validate, true,
     "groups are named after their service: no ids, hashes or host names; no duplicates"},
    {"owner/command-one-executor", E, P::validate, true,
     "a command topic has one consuming service"},
    {"owner/key-quality", W, P::validate, true, "no constant, low-cardinality or time-based keys"},
    {"owner/ordering-needs-key", E, P::validate, true,
     "ordering per entity needs that entity's id as key"},
    {"owner/extra-access", E, P::validate, true,
     "extraAccess adds what the card does not: not on a missing .dead, not a consumer's own grant"},
    {"owner/no-secrets", W, P::validate, true,
     "messages carry no secrets: schema fields named like passwords or tokens"},
    {"contract/event-id", E, P::validate, true,
     "an event's schema requires a stable identifier (eventId, ...) for idempotent consumers "
     "(in Avro: a field with no default that is not a union with null; in Protobuf: a singular "
     "proto3 field outside a oneof, or a proto2 `required` one)"},
    {"contract/message", E, P::validate, true,
     "a .proto's `schema.message` names a message the file defines"},
    {"contract/message-assumed", I, P::validate, true,
     "a .proto with several top-level messages and no `schema.message`: the first is taken, as a "
     "registry takes it"},
    {"contract/event-version", W, P::validate, true,
     "an event's schema has a version field that tells consumers which handler to use"},
    {"contract/units", W, P::validate, true,
     "a numeric amount (price, total, timeout, ...) names its unit in its name or description "
     "(an Avro field: its name or doc; a Protobuf field: its name or comment)"},
    {"contract/subject-name", E, P::validate, false,
     "a registry subject is one path segment of the registry's API: not '.' or '..', no '/', "
     "'\\' or control characters"},
    {"contract/compatibility", E, P::validate, true,
     "with --against REF, a schema keeps its topic's compatibility mode against its version at "
     "REF (every version for *_TRANSITIVE), by Confluent's strict JSON Schema rules, Avro's "
     "schema resolution, or Confluent's or Apicurio's Protobuf rules (`protobufRules`)"},
    {"contract/meaning-changed", W, P::validate, true,
     "with --against REF, a property that keeps its name and type keeps its description (its "
     "meaning and unit); an Avro field its doc and its logical type; a Protobuf field its "
     "comment"},
    {"contract/new-schema", I, P::validate, true,
     "with --against REF, a schema or topic that REF does not have: nothing to compare"},
    {"contract/against", E, P::validate, false,
     "--against REF names a revision of the Git repository the manifests are in, fetched"},
    {"contract/registry-compatibility", E, P::plan, false,
     "the schema registry takes the manifest's schema as the subject's next version under the "
     "topic's level (the registry's verdict, with topicform's reasons for a JSON Schema)"},
    {"contract/registry-drift", W, P::plan, false,
     "a subject's latest version is the manifest's schema; an older version cannot become the "
     "latest again by registering it"},
    {"config/known-key", E, P::validate, true,
     "config keys are Kafka 4.x topic configs, with values of the right type and range"},
    {"config/authoritative", W, P::plan, true,
     "Git is the truth: cluster overrides the manifest lacks are drift and reset"},
    {"config/cross-field", E, P::validate, true,
     "configs agree with each other (segment.ms <= retention.ms, one retention, ...)"},
    {"cluster/id", E, P::plan, false, "a pinned cluster id must match the cluster"},
    {"cluster/auto-create", W, P::plan, true, "the broker has auto.create.topics.enable=false"},
    {"cluster/validate", E, P::plan, false,
     "the broker accepts every change in a validate-only check"},
    {"cluster/offsets-retention", W, P::plan, true,
     "offsets.retention.minutes is not shorter than a topic's retention"},
    {"delete/explicit", W, P::plan, false,
     "only `deleted: true` with deletes allowed removes a topic"},
    {"delete/no-active-consumers", E, P::plan, false,
     "a group with live members (or one that cannot be described) on the topic blocks deletion"},
    {"delete/irreversible", None, P::plan, false, "deleting a topic destroys its messages"},
});

}  // namespace

std::span<const RuleInfo> all_rules() { return kRules; }

const RuleInfo* find_rule(std::string_view id) {
  auto it =
      std::find_if(kRules.begin(), kRules.end(), [&](const RuleInfo& r) { return r.id == id; });
  return it == kRules.end() ? nullptr : &*it;
}

std::string_view to_string(RulePhase phase) {
  switch (phase) {
    case RulePhase::manifest:
      return "manifest";
    case RulePhase::validate:
      return "validate";
    case RulePhase::plan:
      return "plan";
    case RulePhase::apply:
      return "apply";
  }
  return "validate";
}

}  // namespace topicform
