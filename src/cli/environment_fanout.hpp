// Runs over several environments: the project checked once per environment, and work done for
// all of them concurrently, each environment's part kept apart.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cli/checked_project.hpp"
#include "cli/cluster_connection.hpp"
#include "core/ground/result.hpp"

namespace topicform {

// --env NAME, repeatable, with `all` for every environment of the settings.
void add_environments_option(boost::program_options::options_description& options,
                             std::vector<std::string>& into, const char* what);

// The one environment of a run that is not over several ("" for the settings' default).
std::string single_environment(const std::vector<std::string>& given);

// The project read once and checked for each environment `given` names ("all" expanded), in that
// order; an error when "all" finds no environment.
Result<std::vector<std::unique_ptr<CheckedProject>>> load_and_check_each(
    const std::vector<std::string>& paths, const std::vector<std::string>& given,
    const std::string& settings_file, const std::string& against);

// Every environment reaches its own cluster: an error for --bootstrap-server (one cluster for
// all), a warning that KAFKA_BOOTSTRAP_SERVERS is not used.
Result<bool> use_each_environments_cluster(ConnectionOptions& options);

// Calls `work(i)` for each environment of `checked`, a few at a time (each mostly waits on a
// cluster); JSON log lines written meanwhile carry the environment.
void for_each_environment(const std::vector<std::unique_ptr<CheckedProject>>& checked,
                          const std::function<void(std::size_t)>& work);

// The manifests' diagnostics of every environment on stderr, each once; whether none of them
// holds an error in any environment.
bool report_each(const std::vector<std::unique_ptr<CheckedProject>>& checked,
                 const std::string& colour);

}  // namespace topicform
