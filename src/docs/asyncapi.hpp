// The catalogue as an AsyncAPI 3.0 document (JSON) with Kafka bindings; owner card fields that
// AsyncAPI lacks are `x-` extensions.
#pragma once

#include "docs/catalogue.hpp"

namespace topicform {

DocFiles render_asyncapi(const Catalogue& catalogue);

}  // namespace topicform
