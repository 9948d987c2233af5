// The options of the reconciler's commands, parsed apart from running them so their parsing is
// unit-tested (tests/unit/command_options_test.cpp): each parse_* fills its struct, or reports a
// usage error on stderr and returns Parsed::usage_error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/cluster_connection.hpp"

namespace topicform {

struct AlertsOptions {
  std::vector<std::string> paths;
  std::string out;
  std::string environment;
  std::string settings;
  std::string metrics = "topicform";
  DurationMs serve_interval{120'000};  // --serve-interval: serve's --interval, for --metrics serve
  std::string colour = "auto";
};

struct ApplyOptions {
  std::vector<std::string> paths;
  bool paths_defaulted = false;
  std::vector<std::string> targets;       // --target patterns
  std::vector<std::string> environments;  // --env, repeatable; "all"
  std::string settings;                   // --settings FILE
  std::string colour = "auto";
  ConnectionOptions connection;
  std::string plan_file;
  bool auto_approve = false;
  bool allow_delete = false;
  DurationMs wait{60'000};             // --wait: for created topics to show
  std::int64_t wait_for_brokers = -1;  // -1: do not wait; 0: the highest replication factor
  bool stats = false;
};

struct CheckOptions {
  std::vector<std::string> paths;
  std::string format = "text";
  std::vector<std::string> environments;  // --env, repeatable; "all"
  std::string settings;
  std::string colour = "auto";
  bool verbose = false;
  bool stats = false;
  ConnectionOptions connection;
};

struct DocsOptions {
  std::vector<std::string> paths;
  std::string format = "markdown";
  std::string out;
  std::string environment;
  std::string settings;  // --settings FILE
  std::string colour = "auto";
  std::vector<std::string> targets;  // --target patterns
  bool registry = false;             // --registry: versions read from the environment's registry
  DurationMs timeout{30'000};
};

struct ExportOptions {
  std::vector<std::string> paths;
  std::string format = "strimzi";
  std::string out;  // a folder, or "-" for one YAML stream on stdout
  std::string environment;
  std::string settings;
  std::string colour = "auto";
  std::vector<std::string> targets;
};

struct ImportOptions {
  std::vector<std::string> paths;
  bool paths_defaulted = false;
  std::string out;
  std::string include;
  bool include_given = false;
  std::string environment;
  std::string settings;
  ConnectionOptions connection;
  std::string snapshot_in;
  std::string snapshot_out;
  std::string schema_registry;    // --schema-registry URL: read schemas from it
  std::vector<std::string> from;  // --from strimzi DIR: the operator's resources, not a cluster
  bool stats = false;
};

struct PlanOptions {
  std::vector<std::string> paths;
  std::vector<std::string> targets;  // --target patterns
  std::string format = "text";
  std::vector<std::string> environments;  // --env, repeatable; "all"
  std::string settings;                   // --settings FILE
  std::string colour = "auto";
  ConnectionOptions connection;
  std::string against;  // --against REF: schemas compared with their versions there
  std::vector<std::string> snapshots_in;  // --cluster-snapshot: FILE, or ENV=FILE per environment
  std::string snapshot_out;
  std::string plan_out;
  bool allow_delete = false;
  bool detailed_exitcode = false;
  bool stats = false;
};

struct ReassignOptions {
  std::vector<std::string> paths;
  std::string out;
  std::string environment;
  std::string settings;
  std::string throttle = "50MiB";
  std::string colour = "auto";
  ConnectionOptions connection;
};

struct RulesOptions {
  std::string format = "text";
};

struct ServeOptions {
  std::vector<std::string> paths;
  std::vector<std::string> environments;  // --env, repeatable; "all"
  std::string settings;
  std::string colour = "auto";
  ConnectionOptions connection;
  DurationMs interval{120'000};           // --interval: between cycles
  std::string listen = "127.0.0.1:9780";  // --listen ADDRESS:PORT
  std::string git_branch;                 // --git-branch: "" for the checked-out one
  std::string mode = "report";            // --mode: report (never writes)
  std::string webhook_secret;             // --webhook-secret '${env:NAME}'
  bool check = false;        // --check: check's layers each cycle, their gauges in /metrics
  std::string leader_topic;  // --leader-topic: the replicas' election, "" for one replica
};

struct ValidateOptions {
  std::vector<std::string> paths;
  std::string against;  // --against REF
  std::string format = "text";
  std::vector<std::string> environments;  // --env, repeatable; "all"
  std::string settings;                   // --settings FILE
  std::string colour = "auto";
};

// `topicform rules`: only --format text|json; any operand is a usage error.
Parsed parse_rules(const std::vector<std::string>& args, RulesOptions& options);
Parsed parse_validate(const std::vector<std::string>& args, ValidateOptions& options);
Parsed parse_alerts(const std::vector<std::string>& args, AlertsOptions& options);
Parsed parse_apply(const std::vector<std::string>& args, ApplyOptions& options);
Parsed parse_check(const std::vector<std::string>& args, CheckOptions& options);
Parsed parse_docs(const std::vector<std::string>& args, DocsOptions& options);
Parsed parse_export(const std::vector<std::string>& args, ExportOptions& options);
Parsed parse_import(const std::vector<std::string>& args, ImportOptions& options);
Parsed parse_plan(const std::vector<std::string>& args, PlanOptions& options);
Parsed parse_serve(const std::vector<std::string>& args, ServeOptions& options);
Parsed parse_reassign(const std::vector<std::string>& args, ReassignOptions& options);

}  // namespace topicform
