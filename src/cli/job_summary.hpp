// GitHub Actions job summaries: Markdown appended to the file $GITHUB_STEP_SUMMARY names.
#pragma once

#include <string>

namespace topicform {

// Appends `markdown` when GITHUB_STEP_SUMMARY is set; a file that cannot be written is reported
// on stderr and does not change the command's result.
void append_job_summary(const std::string& markdown);

}  // namespace topicform
