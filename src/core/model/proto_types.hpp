// A Protobuf file's messages and enums as the compatibility rules and the contract rules read
// them: each field with its number, kind, label, oneof and comment, each keeping where it was
// written. The adapter that parses `.proto` files fills it; nothing here needs the library.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/ground/location.hpp"

namespace topicform {

// How a field is labelled: `optional` (proto2, or proto3's explicit `optional`), `required`
// (proto2 only), `repeated`; proto3's plain singular field is `optional` too, as the wire reads it.
enum class ProtoLabel { optional, required, repeated };

const char* proto_label_name(ProtoLabel label);

struct ProtoField {
  std::string name;
  std::int32_t number = 0;
  ProtoLabel label = ProtoLabel::optional;
  std::string type;        // a scalar's name ("int32", "string", ...), or "message" / "enum"
  std::string type_name;   // message or enum: its full name without the leading dot
  std::string type_local;  // that name without its file's package ("Money", "Order.Line")
  bool labelled = false;   // a label keyword was written (proto3's plain field has none)
  std::string oneof;       // the real oneof it is in; "" when none (proto3 optional is none)
  bool map = false;        // a map<K, V> field (repeated of its entry message)
  std::string comment;     // the leading comment, trimmed
  Location at;

  friend bool operator==(const ProtoField&, const ProtoField&) = default;
};

// A reserved range of numbers, both ends included.
using ProtoRange = std::pair<std::int32_t, std::int32_t>;

struct ProtoMessage {
  std::string full_name;  // package.Outer.Inner
  std::vector<ProtoField> fields;
  std::vector<ProtoRange> reserved_numbers;
  std::vector<std::string> reserved_names;
  bool map_entry = false;  // the synthetic entry message of a map field
  std::string comment;
  Location at;

  friend bool operator==(const ProtoMessage&, const ProtoMessage&) = default;
};

struct ProtoEnumValue {
  std::string name;
  std::int32_t number = 0;
  Location at;

  friend bool operator==(const ProtoEnumValue&, const ProtoEnumValue&) = default;
};

struct ProtoEnum {
  std::string full_name;
  std::vector<ProtoEnumValue> values;
  Location at;

  friend bool operator==(const ProtoEnum&, const ProtoEnum&) = default;
};

// An RPC of a service: what Apicurio compares (Confluent's registry does not look at services).
struct ProtoMethod {
  std::string name;
  std::string input;   // the request message's full name
  std::string output;  // the response message's full name
  bool client_streaming = false;
  bool server_streaming = false;
  Location at;

  friend bool operator==(const ProtoMethod&, const ProtoMethod&) = default;
};

struct ProtoService {
  std::string full_name;
  std::vector<ProtoMethod> methods;
  Location at;

  friend bool operator==(const ProtoService&, const ProtoService&) = default;
};

// One valid `.proto` file (its imports resolved and valid too): every message and enum it
// defines, nested ones included, in the order written (outer before inner).
// A project file a .proto imports, directly or through another: a registry gets each as a
// subject of its own, referenced by the files that import it.
struct ProtoImportedFile {
  std::string name;  // the import path
  std::string text;
  std::vector<std::string> imports;  // the project files it imports itself (no well-known type)
};

struct ProtoDocument {
  std::string file;    // as diagnostics name it
  std::string syntax;  // "proto2" or "proto3"
  std::string package;
  std::vector<std::string> imports;         // as written
  std::vector<ProtoImportedFile> imported;  // each project file imported, after its own imports
  // The messages those files define, placed in their own files: a field of such a type is
  // compared by following it, as Confluent's registry does.
  std::vector<ProtoMessage> imported_messages;
  std::vector<ProtoMessage> messages;
  std::vector<ProtoEnum> enums;
  std::vector<ProtoService> services;

  // The message called `full_name`, or nullptr.
  const ProtoMessage* message(const std::string& full_name) const;
  // The message called `full_name` that an imported project file defines, or nullptr.
  const ProtoMessage* imported_message(const std::string& full_name) const;
  // The first top-level message: the one a registry takes when none is named.
  const ProtoMessage* first_message() const;
  // A type's name inside this file, without the package: "Order.Line".
  std::string local_name(const std::string& full_name) const {
    return package.empty() ? full_name : full_name.substr(package.size() + 1);
  }
  // How many messages the file defines at its top level.
  std::size_t top_level_messages() const;
  // The message a topic carries: `named` when given (nullptr when the file has none such),
  // else the first top-level one.
  const ProtoMessage* topic_message(const std::string& named) const;
};

// Builds another version of a local `.proto` file (the copy a registry holds) as if it stood in
// the file's place, its imports read as the file's own were. An edge: the parser is a library
// that core does not link, so the loader supplies it with the file.
class ProtoRebuilder {
 public:
  virtual ~ProtoRebuilder() = default;
  // `text` built, or null when it does not parse or build. Its imports are `imports` (import
  // path -> text, a registry's copies) when given, else the project's files.
  virtual std::shared_ptr<const ProtoDocument> rebuild(
      const std::string& text, const std::map<std::string, std::string>& imports) const = 0;
};

// Whether a field of this scalar type holds a number (an enum does not).
bool proto_numeric(const std::string& type);

// A scalar's wire group: two types of one group read each other's bytes (Confluent's rule).
// "varint" (int32, int64, uint32, uint64, bool, enum), "zigzag" (sint32, sint64), "length"
// (string, bytes), "fixed32" (fixed32, sfixed32), "fixed64" (fixed64, sfixed64), "float",
// "double"; "message" for a message.
std::string proto_wire_group(const std::string& type);

}  // namespace topicform
