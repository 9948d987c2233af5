// The catalogue as a static site: index.html with a search box and topics/<name>.html, each page
// self-contained (inline CSS, script and SVG), so it works opened from disk or from a bucket.
#pragma once

#include "docs/catalogue.hpp"

namespace topicform {

DocFiles render_html_catalogue(const Catalogue& catalogue);

}  // namespace topicform
