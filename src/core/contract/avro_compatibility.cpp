// Avro's schema resolution, node pair by node pair, in the order and with the kinds of Avro's
// Java SchemaCompatibility: same kinds compare their parts, different kinds allow only the
// promotions (int -> long -> float -> double, string <-> bytes) and union branches.
#include "core/contract/avro_compatibility.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace topicform {
namespace {

using K = AvroKind;
using I = AvroIncompatibility;

// An alias without a dot is in its type's namespace.
std::string alias_full_name(const AvroType& type, const std::string& alias) {
  auto dot = type.full_name.rfind('.');
  if (alias.find('.') != std::string::npos || dot == std::string::npos) return alias;
  return type.full_name.substr(0, dot + 1) + alias;
}

// Avro's schemaNameEquals: the same unqualified name, or the writer's full name among the
// reader's aliases.
bool names_match(const AvroType& reader, const AvroType& writer) {
  if (avro_unqualified(reader.full_name) == avro_unqualified(writer.full_name)) return true;
  return std::any_of(reader.aliases.begin(), reader.aliases.end(), [&](const std::string& alias) {
    return alias_full_name(reader, alias) == writer.full_name;
  });
}

// The kinds a reader of `reader` accepts from a writer of another kind.
bool promotes(K reader, K writer) {
  switch (reader) {
    case K::int64:
      return writer == K::int32;
    case K::float32:
      return writer == K::int32 || writer == K::int64;
    case K::float64:
      return writer == K::int32 || writer == K::int64 || writer == K::float32;
    case K::bytes:
      return writer == K::string;
    case K::string:
      return writer == K::bytes;
    default:
      return false;
  }
}

class Resolution {
 public:
  Resolution(const AvroSchema& reader, const AvroSchema& writer)
      : m_reader(reader), m_writer(writer) {}

  // The breaks of reading node `w` of the writer with node `r` of the reader.
  std::vector<AvroBreak> compare(int r, int w) {
    auto key = std::make_pair(r, w);
    if (auto done = m_done.find(key); done != m_done.end()) return done->second;
    if (!m_open.insert(key).second) return {};  // a recursive type: its pair is being compared
    std::vector<AvroBreak> found = calculate(r, w);
    m_open.erase(key);
    m_done[key] = found;
    return found;
  }

 private:
  const AvroType& reader(int r) const { return m_reader.types[r]; }
  const AvroType& writer(int w) const { return m_writer.types[w]; }

  AvroBreak mismatch(int r, int w) const {
    return {I::type_mismatch, reader(r).pointer,
            fmt::format("reader type: {} not compatible with writer type: {}",
                        avro_kind_name(reader(r).kind), avro_kind_name(writer(w).kind))};
  }

  std::vector<AvroBreak> calculate(int r, int w) {
    if (reader(r).kind == writer(w).kind) return same_kind(r, w);
    if (writer(w).kind == K::union_of) return every_writer_branch(r, w);
    if (reader(r).kind == K::union_of) return some_reader_branch(r, w);
    if (promotes(reader(r).kind, writer(w).kind)) return {};
    return {mismatch(r, w)};
  }

  std::vector<AvroBreak> same_kind(int r, int w) {
    switch (reader(r).kind) {
      case K::array:
      case K::map:
        return compare(reader(r).items, writer(w).items);
      case K::fixed:
        return named_fixed(r, w);
      case K::enumeration:
        return named_enum(r, w);
      case K::record:
        return named_record(r, w);
      case K::union_of:
        return every_writer_branch(r, w);
      default:
        return {};
    }
  }

  std::vector<AvroBreak> every_writer_branch(int r, int w) {
    std::vector<AvroBreak> out;
    for (int branch : writer(w).branches) {
      auto found = compare(r, branch);
      out.insert(out.end(), found.begin(), found.end());
    }
    return out;
  }

  // The reader union's branches that could read `w` at all, in the union's order: a named
  // type's by its name or an alias (an index, so a union of thousands of records is no square),
  // another kind's by kind or promotion. Any other branch answers with a break, so skipping it
  // leaves the verdict as Avro's.
  std::vector<int> candidates(int r, int w) {
    const AvroType& wanted = writer(w);
    std::vector<int> out;
    if (wanted.full_name.empty()) {
      for (int branch : reader(r).branches) {
        K kind = reader(branch).kind;
        if ((kind == wanted.kind && reader(branch).full_name.empty()) ||
            promotes(kind, wanted.kind))
          out.push_back(branch);
      }
      return out;
    }
    const BranchIndex& index = branch_index(r);
    std::set<std::size_t> places;
    for (const auto* names : {&index.by_name, &index.by_alias}) {
      auto key = names == &index.by_name ? avro_unqualified(wanted.full_name) : wanted.full_name;
      if (auto it = names->find(key); it != names->end())
        places.insert(it->second.begin(), it->second.end());
    }
    for (std::size_t place : places) {
      int branch = reader(r).branches[place];
      if (reader(branch).kind == wanted.kind) out.push_back(branch);
    }
    return out;
  }

  // A reader union's named branches by unqualified name and by alias full name: their places.
  struct BranchIndex {
    std::map<std::string, std::vector<std::size_t>> by_name;
    std::map<std::string, std::vector<std::size_t>> by_alias;
  };
  const BranchIndex& branch_index(int r) {
    auto [it, fresh] = m_branch_index.try_emplace(r);
    if (!fresh) return it->second;
    const auto& branches = reader(r).branches;
    for (std::size_t place = 0; place < branches.size(); ++place) {
      const AvroType& branch = reader(branches[place]);
      if (branch.full_name.empty()) continue;
      it->second.by_name[avro_unqualified(branch.full_name)].push_back(place);
      for (const auto& alias : branch.aliases)
        it->second.by_alias[alias_full_name(branch, alias)].push_back(place);
    }
    return it->second;
  }

  std::vector<AvroBreak> some_reader_branch(int r, int w) {
    for (int branch : candidates(r, w))
      if (compare(branch, w).empty()) return {};
    std::string written =
        writer(w).full_name.empty() ? avro_kind_name(writer(w).kind) : writer(w).full_name;
    return {{I::missing_union_branch, reader(r).pointer,
             fmt::format("reader union lacking writer type: {}", written)}};
  }

  std::optional<AvroBreak> name_break(int r, int w) const {
    if (names_match(reader(r), writer(w))) return std::nullopt;
    return AvroBreak{I::name_mismatch, reader(r).pointer + "/name",
                     fmt::format("expected: {}", writer(w).full_name)};
  }

  std::vector<AvroBreak> named_fixed(int r, int w) {
    std::vector<AvroBreak> out;
    if (auto named = name_break(r, w)) out.push_back(*named);
    if (reader(r).size != writer(w).size)
      out.push_back({I::fixed_size_mismatch, reader(r).pointer + "/size",
                     fmt::format("expected: {}, found: {}", writer(w).size, reader(r).size)});
    return out;
  }

  std::vector<AvroBreak> named_enum(int r, int w) {
    std::vector<AvroBreak> out;
    if (auto named = name_break(r, w)) out.push_back(*named);
    std::set<std::string> missing(writer(w).symbols.begin(), writer(w).symbols.end());
    for (const auto& symbol : reader(r).symbols) missing.erase(symbol);
    if (!missing.empty() && !reader(r).fallback)
      out.push_back({I::missing_enum_symbols, reader(r).pointer + "/symbols",
                     fmt::format("[{}]", fmt::join(missing, ", "))});
    return out;
  }

  // The writer record's field that `wanted` reads: by its name, else by one of its aliases.
  // The writer's fields are indexed once per record, so a record of thousands is no square.
  const AvroField* writer_field(int w, const AvroField& wanted) {
    auto [it, fresh] = m_field_index.try_emplace(w);
    if (fresh) {
      for (const auto& field : writer(w).fields) it->second.emplace(field.name, &field);
    }
    if (auto found = it->second.find(wanted.name); found != it->second.end()) return found->second;
    for (const auto& alias : wanted.aliases)
      if (auto found = it->second.find(alias); found != it->second.end()) return found->second;
    return nullptr;
  }

  std::vector<AvroBreak> named_record(int r, int w) {
    std::vector<AvroBreak> out;
    if (auto named = name_break(r, w)) out.push_back(*named);
    for (const AvroField& field : reader(r).fields) {
      std::vector<AvroBreak> found;
      if (const AvroField* written = writer_field(w, field)) {
        found = compare(field.type, written->type);
      } else if (field.default_value) {
        continue;
      } else if (reader(field.type).kind == K::enumeration && reader(field.type).fallback) {
        found = compare(field.type, w);  // Avro compares such an enum with the writer's record
      } else {
        found = {{I::reader_field_missing_default_value, field.pointer, field.name}};
      }
      out.insert(out.end(), found.begin(), found.end());
    }
    return out;
  }

  const AvroSchema& m_reader;
  const AvroSchema& m_writer;
  std::map<std::pair<int, int>, std::vector<AvroBreak>> m_done;
  std::set<std::pair<int, int>> m_open;
  std::map<int, std::unordered_map<std::string, const AvroField*>> m_field_index;
  std::map<int, BranchIndex> m_branch_index;
};

}  // namespace

const char* avro_incompatibility_name(AvroIncompatibility kind) {
  switch (kind) {
    case I::name_mismatch:
      return "NAME_MISMATCH";
    case I::fixed_size_mismatch:
      return "FIXED_SIZE_MISMATCH";
    case I::missing_enum_symbols:
      return "MISSING_ENUM_SYMBOLS";
    case I::reader_field_missing_default_value:
      return "READER_FIELD_MISSING_DEFAULT_VALUE";
    case I::type_mismatch:
      return "TYPE_MISMATCH";
    case I::missing_union_branch:
      return "MISSING_UNION_BRANCH";
  }
  return "?";
}

std::vector<AvroBreak> avro_reader_breaks(const AvroSchema& reader, const AvroSchema& writer) {
  if (reader.root < 0 || writer.root < 0) return {};
  return Resolution(reader, writer).compare(reader.root, writer.root);
}

}  // namespace topicform
