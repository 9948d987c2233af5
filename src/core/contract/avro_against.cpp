// Avro breaks in words: the kind Confluent's registry would report, where, who cannot read what,
// and the fix in order of preference.
#include "core/contract/avro_against.hpp"

#include <set>
#include <tuple>

#include <fmt/format.h>

#include "core/contract/avro_compatibility.hpp"
#include "core/contract/avro_meaning.hpp"

namespace topicform {
namespace {

const std::vector<nlohmann::json> kNoReferences;

const char* fix_for(AvroIncompatibility kind) {
  switch (kind) {
    case AvroIncompatibility::reader_field_missing_default_value:
      return "give the field a default, or make it nullable with a null default";
    case AvroIncompatibility::type_mismatch:
      return "keep the type or widen it as Avro promotes (int -> long -> float -> double, "
             "string <-> bytes); a new type is a new field, or a new topic";
    case AvroIncompatibility::missing_enum_symbols:
      return "keep the symbols, or give the reading enum a default symbol";
    case AvroIncompatibility::missing_union_branch:
      return "keep the branch in the union";
    case AvroIncompatibility::name_mismatch:
      return "keep the name, or list the old full name in the type's aliases";
    case AvroIncompatibility::fixed_size_mismatch:
      return "keep the size; another size is a new field";
  }
  return "publish on a new topic";
}

// Each break of `next` against `earlier` in the directions `mode` checks, with its direction.
std::vector<std::pair<AvroBreak, bool>> directed_breaks(const AvroSchema& next,
                                                        const AvroSchema& earlier,
                                                        CompatibilityMode mode) {
  std::vector<std::pair<AvroBreak, bool>> out;
  for (Direction direction : {Direction::backward, Direction::forward}) {
    if (!mode_checks(mode, direction)) continue;
    bool backward = direction == Direction::backward;
    for (auto& found :
         backward ? avro_reader_breaks(next, earlier) : avro_reader_breaks(earlier, next))
      out.emplace_back(std::move(found), backward);
  }
  return out;
}

void report(const std::string& topic, const MessageSchema& now, const AvroBreak& found,
            CompatibilityMode mode, const std::string& revision, const char* who,
            FindingSink& sink) {
  std::string where = found.pointer.empty() ? "/" : found.pointer;
  sink.report(
      "contract/compatibility", now.at(found.pointer),
      fmt::format("'{}' is not {} compatible with {}: {} at {} ({}): {}; to keep it "
                  "compatible, {}",
                  topic, compatibility_name(mode), revision, avro_incompatibility_name(found.kind),
                  where, found.detail, who, fix_for(found.kind)));
}

// contract/meaning-changed for each field that reads as before but says something else.
void report_meaning(const std::string& topic, const MessageSchema& now, const AvroSchema& before,
                    const AvroSchema& next, const std::string& revision, FindingSink& sink) {
  auto quoted = [](const std::string& text) { return nlohmann::json(text).dump(); };
  auto named = [](const std::string& logical) { return logical.empty() ? "none" : logical; };
  for (const auto& change : avro_meaning_changes(before, next)) {
    std::string what =
        change.logical
            ? fmt::format(
                  "its logical type changed since {}, from {} to {}: consumers read every "
                  "new value in the old unit",
                  revision, named(change.was), named(change.now))
            : fmt::format(
                  "its doc changed since {}, from {} to {}: if its meaning or unit "
                  "changed, consumers misread every new message",
                  revision, quoted(change.was), quoted(change.now));
    sink.report("contract/meaning-changed", now.at(change.pointer),
                fmt::format("'{}' of '{}' keeps its name and type but {}; add a field with a new "
                            "name instead",
                            change.field, topic, what));
  }
}

// Version `json` read as Avro, its names found in `references` (each read with those before it);
// nullopt when it or one of them is no valid Avro schema.
std::optional<AvroSchema> read_version(const std::string& file, const nlohmann::json& json,
                                       const std::vector<nlohmann::json>& references) {
  std::vector<Diagnostic> ignored;  // an earlier version that is no Avro is told as a whole
  std::vector<AvroSchema> read;
  read.reserve(references.size());  // `known` points into it
  std::vector<const AvroSchema*> known;
  for (const auto& reference : references) {
    auto schema = read_avro(MessageSchema{file, reference, {}}, ignored, known);
    if (!schema) return std::nullopt;
    read.push_back(std::move(*schema));
    known.push_back(&read.back());
  }
  return read_avro(MessageSchema{file, json, {}}, ignored, known);
}

}  // namespace

void judge_avro(const std::string& topic, const AvroDocument& now,
                const std::vector<nlohmann::json>& versions,
                const std::vector<std::vector<nlohmann::json>>& references, CompatibilityMode mode,
                const std::string& revision, FindingSink& sink) {
  if (versions.empty()) return;
  std::optional<AvroSchema> last;  // the revision's own version, for changed meanings
  // A break against several versions is told once.
  std::set<std::tuple<std::string, std::string, bool>> told;
  for (std::size_t i = versions.size(); i-- > first_compared(mode, versions.size());) {
    auto earlier =
        read_version(now.file, versions[i], i < references.size() ? references[i] : kNoReferences);
    if (!earlier) {
      sink.report("contract/compatibility", now.at(""),
                  fmt::format("a version of '{}''s schema at {} is not a valid Avro schema: "
                              "'{}' is not checked against it",
                              topic, revision, topic));
      continue;
    }
    for (const auto& [found, backward] : directed_breaks(now.avro, *earlier, mode)) {
      if (!told.insert({found.pointer, found.detail, backward}).second) continue;
      report(topic, now, found, mode, revision, who_cannot_read(backward), sink);
    }
    if (i + 1 == versions.size()) last = std::move(earlier);
  }
  if (last) report_meaning(topic, now, *last, now.avro, revision, sink);
}

std::vector<std::string> avro_breaks_in_words(const AvroDocument& now,
                                              const nlohmann::json& earlier,
                                              const std::vector<nlohmann::json>& references,
                                              CompatibilityMode mode) {
  // A registered version that is no Avro: no reasons to add.
  auto latest = read_version(now.file, earlier, references);
  std::vector<std::string> out;
  if (!latest) return out;
  for (const auto& [found, backward] : directed_breaks(now.avro, *latest, mode)) {
    out.push_back(fmt::format("{} at {} ({}): {}", avro_incompatibility_name(found.kind),
                              found.pointer.empty() ? "/" : found.pointer, found.detail,
                              who_cannot_read(backward)));
  }
  return out;
}

}  // namespace topicform
