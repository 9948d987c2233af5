// serve's endpoints: which page answers which request, from one status taken for it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/operations/serve_status.hpp"
#include "http/http_server.hpp"

namespace topicform {

// The webhooks' shared secret and what a signed one does.
struct WebhookGate {
  std::string secret;          // "": webhooks are off
  std::function<void()> wake;  // starts a cycle at once
};

// GET /metrics, /healthz, /readyz, /status and /; POST /hooks/github and /hooks/gitlab (a good
// signature wakes the loop: 202; a bad or missing one: 401, nothing happens); 404 for another
// path, 405 for another method. `now_ms` decides /healthz.
HttpResponse serve_route(const HttpRequest& request, const ServeStatus& status, std::int64_t now_ms,
                         const WebhookGate& hooks);

}  // namespace topicform
