// serve's endpoints: which page answers which request, from one status taken for it.
#pragma once

#include <cstdint>

#include "core/operations/serve_status.hpp"
#include "http/http_server.hpp"

namespace topicform {

// GET /metrics, /healthz, /readyz, /status and /; 404 for another path, 405 for
// another method. `now_ms` decides /healthz.
HttpResponse serve_route(const HttpRequest& request, const ServeStatus& status,
                         std::int64_t now_ms);

}  // namespace topicform
