// A plan for people (terraform-like text), for programs (versioned JSON) and for pull requests.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "core/plan/plan.hpp"

namespace topicform {

std::string render_plan_text(const Plan& plan, bool colour);

// The text, JSON and GitHub renderings written to `out` as they are made: the plan of a hundred
// thousand topics is never held a second time as one string. The render_* forms return the same.
void write_plan_text(std::ostream& out, const Plan& plan, bool colour);
void write_plan_json(std::ostream& out, const Plan& plan);
void write_plan_github(std::ostream& out, const Plan& plan);

// "Plan: 2 to create, ..." or "No changes: ...", the line every format ends or starts with.
std::string plan_summary_line(const Plan& plan);

// Markdown list items for what is blocked and what destroys data, which a reviewer must see first.
std::string plan_markdown_hazards(const Plan& plan);

// The plan as annotations on manifest lines: a notice per change, an error per blocked change,
// the warnings as they are.
std::vector<Diagnostic> plan_annotations(const Plan& plan);
std::string render_plan_json(const Plan& plan);

// Markdown for a pull-request comment: summary first, destructive changes called out, details
// collapsible, and cut (with a visible notice) to stay under `limit` characters.
// GitHub workflow commands on the manifest lines: a notice per change, an error per blocked
// change, a warning per warning; then the summary line.
std::string render_plan_github(const Plan& plan);
std::string render_plan_markdown(const Plan& plan, std::size_t limit = 65'000);

// `text` cut to at most `size` characters, after its last whole line.
std::string cut_at_line(const std::string& text, std::size_t size);

// What a pull-request comment says when no plan could be made: the environment, what failed and
// why, and the manifests' diagnostics; it replaces the last plan so that is never shown as current.
std::string render_plan_failure_markdown(const std::string& environment, const std::string& reason,
                                         const std::vector<Diagnostic>& diagnostics);

}  // namespace topicform
