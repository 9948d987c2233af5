#!/usr/bin/python3
"""The differential test of the Avro rules: 31 reader and writer pairs of the kinds Avro's own
compatibility tests walk through, and pairs of Avro schemas made from a fixed seed (a record of
every kind of field, then one change of the kinds schema evolution has, judged both ways: what
BACKWARD and FORWARD ask, and FULL both), each judged by Apache Avro's own Python library
(avro.compatibility, Debian's python3-avro) and by topicform (contract_verdicts), which must
agree on the verdict and on the kinds of incompatibility.

Names carry no namespace: the Python library compares names written with a namespace in full
and does not put an alias in its type's namespace, where Java (both registries) and topicform
compare unqualified names and do; KNOWN_DIFFERENCES holds the two pairs that show it and checks that they still differ.

Usage: avro_differential.py CONTRACT_VERDICTS [COUNT]
       avro_differential.py --registry-pairs FILE COUNT   (COUNT pairs in differential.py's form:
       "old" the writer, "new" the reader, mode BACKWARD, for a registry to judge as well)"""
import copy
import json
import random
import subprocess
import sys
import tempfile

import avro.compatibility as compatibility
import avro.schema

PRIMITIVES = ["int", "long", "float", "double", "string", "bytes", "boolean"]
PROMOTIONS = {"int": ["long", "float", "double"], "long": ["float", "double"],
              "float": ["double"], "string": ["bytes"], "bytes": ["string"]}


SIMPLE_DEFAULTS = {"null": None, "int": 0, "long": 0, "float": 0.0, "double": 0.0, "string": "x",
                   "bytes": "", "boolean": False, "array": [], "map": {}}


def default_for(schema):
    """A default the type takes (a union's: its first branch's)."""
    if isinstance(schema, list):
        return default_for(schema[0])
    kind = schema if isinstance(schema, str) else schema["type"]
    if kind == "enum":
        return schema["symbols"][0]
    if kind == "fixed":
        return "\u0000" * schema["size"]
    if kind == "record":
        return {f["name"]: default_for(f["type"]) for f in schema["fields"]}
    return SIMPLE_DEFAULTS[kind]


class Maker:
    """Field types and records from one random source, each named type named once."""

    def __init__(self, rng):
        self.rng = rng
        self.count = 0

    def name(self, prefix):
        self.count += 1
        return f"{prefix}{self.count}"

    def field_type(self, depth=0):
        roll = self.rng.random()
        if roll < 0.4 or depth > 1:
            return self.rng.choice(PRIMITIVES)
        if roll < 0.5:
            return {"type": "enum", "name": self.name("E"), "symbols": ["A", "B", "C"]}
        if roll < 0.58:
            return {"type": "fixed", "name": self.name("F"), "size": self.rng.choice([4, 8])}
        if roll < 0.68:
            return {"type": "array", "items": self.field_type(depth + 1)}
        if roll < 0.76:
            return {"type": "map", "values": self.field_type(depth + 1)}
        if roll < 0.9:
            first, second = self.rng.sample(PRIMITIVES, 2)
            return ["null", first] if self.rng.random() < 0.6 else [first, second]
        return self.record(depth + 1, 2)

    def record(self, depth=0, fields=4):
        return {"type": "record", "name": self.name("R"),
                "fields": [self.field(f"f{i}", depth) for i in range(fields)]}

    def field(self, name, depth=0):
        out = {"name": name, "type": self.field_type(depth)}
        if self.rng.random() < 0.3:
            out["default"] = default_for(out["type"])
        return out


def named_of(schema, kind):
    """Every named type of `kind` in `schema` ("record": the root and the nested ones), in the
    order they are written, for a change to pick from."""
    found = []

    def walk(node):
        if isinstance(node, list):
            for branch in node:
                walk(branch)
        elif isinstance(node, dict):
            if node.get("type") == kind and "name" in node:
                found.append(node)
            for f in node.get("fields", []):
                walk(f["type"])
            for key in ("items", "values"):
                if isinstance(node.get(key), (dict, list)):
                    walk(node[key])
    walk(schema)
    return found


def record_fields(schema):
    return named_of(schema, "record")


def change(schema, maker, rng):
    """One change of the kinds schema evolution has, made to a copy; its name and the copy."""
    new = copy.deepcopy(schema)
    record = rng.choice(record_fields(new))
    field = rng.choice(record["fields"])
    choices = ["add", "add-default", "remove", "promote", "retype", "rename-alias", "rename",
               "default", "record-alias", "enum", "fixed", "union", "nullable"]
    what = rng.choice(choices)
    if what in ("add", "add-default"):
        added = maker.field(maker.name("n"))
        if what == "add-default":
            added["default"] = default_for(added["type"])
        else:
            added.pop("default", None)
        record["fields"].append(added)
    elif what == "remove" and len(record["fields"]) > 1:
        record["fields"].remove(field)
    elif what == "promote" and isinstance(field["type"], str) and field["type"] in PROMOTIONS:
        field["type"] = rng.choice(PROMOTIONS[field["type"]])
        field.pop("default", None)
    elif what == "retype":
        field["type"] = maker.field_type(1)
        field.pop("default", None)
    elif what == "rename-alias":
        field["aliases"] = [field["name"]]
        field["name"] = maker.name("g")
    elif what == "rename":
        field["name"] = maker.name("g")
    elif what == "default":
        if "default" in field:
            del field["default"]
        else:
            field["default"] = default_for(field["type"])
    elif what == "record-alias":
        record["aliases"] = [record["name"]]
        record["name"] = maker.name("S")
    elif what == "enum" and named_of(new, "enum"):
        enum = rng.choice(named_of(new, "enum"))
        roll = rng.random()
        if roll < 0.4:
            enum["symbols"] = enum["symbols"] + ["D"]
        elif roll < 0.8:
            enum["symbols"] = enum["symbols"][1:]
        else:
            enum["symbols"] = enum["symbols"][1:]
            enum["default"] = enum["symbols"][0]
    elif what == "fixed" and named_of(new, "fixed"):
        fixed = rng.choice(named_of(new, "fixed"))
        fixed["size"] = 16
    elif what == "union" and isinstance(field["type"], list):
        branches = field["type"]
        if len(branches) > 1 and rng.random() < 0.5:
            field["type"] = branches[:-1] if len(branches[:-1]) > 1 else branches[0]
        else:
            extra = [t for t in PRIMITIVES if t not in branches]
            field["type"] = branches + [rng.choice(extra)]
        field.pop("default", None)
    elif what == "nullable" and not isinstance(field["type"], list):
        field["type"] = ["null", field["type"]]
        field["default"] = None
    else:
        return None, None
    for each in record_fields(new):  # a default the change made invalid is written anew
        for f in each["fields"]:
            if "default" in f:
                f["default"] = default_for(f["type"])
    return what, new


def make_pairs(count, seed=20261206):
    """`count` reader/writer pairs: each change judged both ways."""
    rng = random.Random(seed)
    pairs = []
    while len(pairs) < count:
        maker = Maker(rng)
        old = maker.record()
        what, new = change(old, maker, rng)
        if new is None:
            continue
        n = len(pairs) // 2
        pairs.append({"name": f"p{n}-{what}-new-reads-old", "reader": new, "writer": old})
        pairs.append({"name": f"p{n}-{what}-old-reads-new", "reader": old, "writer": new})
    return pairs


def rec(name, *fields, **extra):
    return dict({"type": "record", "name": name, "fields": list(fields)}, **extra)


def fld(name, kind, **extra):
    return dict({"name": name, "type": kind}, **extra)


ENUM_AB = {"type": "enum", "name": "E", "symbols": ["A", "B"]}
ENUM_ABC = {"type": "enum", "name": "E", "symbols": ["A", "B", "C"]}
# Reader and writer pairs of the kinds Avro's own compatibility tests walk through (promotions,
# unions, enums, fixed, records with and without defaults, aliases, nesting, recursion).
SPEC_CASES = [
    ("int-long", "long", "int"), ("long-int", "int", "long"), ("int-float", "float", "int"),
    ("long-double", "double", "long"), ("float-long", "long", "float"),
    ("string-bytes", "bytes", "string"), ("bytes-string", "string", "bytes"),
    ("null-int", "int", "null"), ("union-reads-branch", ["null", "int"], "int"),
    ("branch-reads-union", "int", ["null", "int"]),
    ("wider-union", ["null", "int", "string"], ["int", "string"]),
    ("narrower-union", ["int", "string"], ["null", "int", "string"]),
    ("union-promotes", ["long"], ["int"]),
    ("array-promotes", {"type": "array", "items": "long"}, {"type": "array", "items": "int"}),
    ("map-narrows", {"type": "map", "values": "int"}, {"type": "map", "values": "long"}),
    ("enum-more-symbols", ENUM_ABC, ENUM_AB), ("enum-fewer-symbols", ENUM_AB, ENUM_ABC),
    ("enum-default", dict(ENUM_AB, default="A"), ENUM_ABC),
    ("fixed-same", {"type": "fixed", "name": "F", "size": 8}, {"type": "fixed", "name": "F", "size": 8}),
    ("fixed-size", {"type": "fixed", "name": "F", "size": 4}, {"type": "fixed", "name": "F", "size": 8}),
    ("fixed-name", {"type": "fixed", "name": "G", "size": 8}, {"type": "fixed", "name": "F", "size": 8}),
    ("record-empty-reads", rec("R"), rec("R", fld("a", "int"))),
    ("record-field-default", rec("R", fld("a", "int", default=0)), rec("R")),
    ("record-field-missing", rec("R", fld("a", "int")), rec("R")),
    ("record-field-alias", rec("R", fld("b", "int", aliases=["a"])), rec("R", fld("a", "int"))),
    ("record-alias", rec("S", aliases=["R"]), rec("R")),
    ("record-name", rec("S"), rec("R")),
    ("nested", rec("R", fld("in", rec("I", fld("x", "long")))), rec("R", fld("in", rec("I", fld("x", "int"))))),
    ("nested-narrow", rec("R", fld("in", rec("I", fld("x", "int")))), rec("R", fld("in", rec("I", fld("x", "long"))))),
    ("recursive", rec("L", fld("v", "long"), fld("next", ["null", "L"])),
     rec("L", fld("v", "int"), fld("next", ["null", "L"]))),
    ("recursive-narrow", rec("L", fld("v", "int"), fld("next", ["null", "L"])),
     rec("L", fld("v", "long"), fld("next", ["null", "L"]))),
]


def spec_pairs():
    return [{"name": f"spec-{name}", "reader": reader, "writer": writer}
            for name, reader, writer in SPEC_CASES]


# Where the Python library and Java differ (see the module's note): topicform follows Java.
KNOWN_DIFFERENCES = [
    {"name": "known-full-name", "java": "compatible",
     "reader": {"type": "record", "name": "c.B", "fields": []},
     "writer": {"type": "record", "name": "a.B", "fields": []}},
    {"name": "known-alias-namespace", "java": "compatible",
     "reader": {"type": "fixed", "name": "C", "namespace": "n", "size": 4, "aliases": ["B"]},
     "writer": {"type": "fixed", "name": "B", "namespace": "n", "size": 4}},
]


def python_verdict(pair):
    """"compatible", or "incompatible" and the sorted kinds, by Apache Avro's Python library."""
    reader = avro.schema.parse(json.dumps(pair["reader"]))
    writer = avro.schema.parse(json.dumps(pair["writer"]))
    result = compatibility.ReaderWriterCompatibilityChecker().get_compatibility(reader, writer)
    if result.compatibility is compatibility.SchemaCompatibilityType.compatible:
        return "compatible"
    kinds = sorted({kind.name.upper() for kind in result.incompatibilities})
    return "incompatible " + ",".join(kinds)


def write_registry_pairs(path, count):
    """The first `count` new-reads-old pairs as differential.py takes them."""
    pairs = [p for p in make_pairs(2 * count) if p["name"].endswith("new-reads-old")][:count]
    with open(path, "w") as file:
        json.dump([dict(p, old=p["writer"], new=p["reader"], mode="BACKWARD", format="avro")
                   for p in pairs], file, indent=1)
    return 0


def main():
    if sys.argv[1] == "--registry-pairs":
        return write_registry_pairs(sys.argv[2], int(sys.argv[3]))
    verdicts_binary = sys.argv[1]
    pairs = spec_pairs() + make_pairs(int(sys.argv[2]) if len(sys.argv) > 2 else 320)
    with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
        json.dump([dict(p, format="avro") for p in pairs + KNOWN_DIFFERENCES], file)
        file.flush()
        answer = subprocess.run([verdicts_binary, file.name], capture_output=True, text=True)
    if answer.returncode != 0:
        print(f"avro-differential: contract_verdicts failed: {answer.stderr.strip()}")
        return 1
    ours = dict(line.split(" ", 1) for line in answer.stdout.splitlines())
    failures = 0
    for pair in pairs:
        theirs = python_verdict(pair)
        if ours.get(pair["name"]) != theirs:
            failures += 1
            print(f"avro-differential: {pair['name']}: Apache Avro says '{theirs}', topicform "
                  f"'{ours.get(pair['name'])}'\n  reader {json.dumps(pair['reader'])}\n  writer "
                  f"{json.dumps(pair['writer'])}")
    for pair in KNOWN_DIFFERENCES:
        theirs, mine = python_verdict(pair), ours.get(pair["name"])
        if theirs == pair["java"] or mine != pair["java"]:
            failures += 1
            print(f"avro-differential: {pair['name']}: expected Java's '{pair['java']}' from "
                  f"topicform (got '{mine}') and a difference from Python (got '{theirs}')")
    compatible = sum(1 for p in pairs if ours.get(p["name"]) == "compatible")
    print(f"avro-differential: {len(pairs)} pairs ({compatible} compatible, "
          f"{len(pairs) - compatible} incompatible), {len(pairs) - failures} agree, "
          f"{failures} differ; {len(KNOWN_DIFFERENCES)} known differences hold")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
