// The catalogue as Markdown for GitHub and GitLab: README.md (index) and topics/<name>.md.
#pragma once

#include "docs/catalogue.hpp"

namespace topicform {

DocFiles render_markdown_catalogue(const Catalogue& catalogue);

}  // namespace topicform
