// Routing by path alone: the pages take no parameters, so a query string is ignored.
#include "cli/serve_routes.hpp"

#include <fmt/format.h>

#include "http/webhook_signature.hpp"
#include "render/serve_render.hpp"

namespace topicform {
namespace {

HttpResponse text(int status, std::string body) {
  return HttpResponse{status, "text/plain; charset=utf-8", std::move(body)};
}

HttpResponse health(const ServeStatus& status, std::int64_t now_ms) {
  if (serve_alive(status, now_ms)) return text(200, "ok\n");
  return text(503, fmt::format("no cycle ended in the last {} s\n", 3 * status.interval_ms / 1000));
}

HttpResponse readiness(const ServeStatus& status) {
  if (serve_ready(status))
    return text(200, status.role.empty() ? "ready\n" : "ready: " + status.role + "\n");
  if (status.cycles == 0) return text(503, "the first cycle has not ended yet\n");
  return text(503, "the leader group has not given this replica a role yet" +
                       (status.election_trouble.empty() ? "" : ": " + status.election_trouble) +
                       "\n");
}

std::string header(const HttpRequest& request, const std::string& name) {
  auto found = request.headers.find(name);
  return found == request.headers.end() ? "" : found->second;
}

HttpResponse webhook(const HttpRequest& request, const std::string& path,
                     const WebhookGate& hooks) {
  if (request.method != "POST") return text(405, "use POST\n");
  if (hooks.secret.empty())
    return text(404, "webhooks are off: start serve with --webhook-secret\n");
  bool signed_well = path == "/hooks/github"
                         ? github_signature_valid(hooks.secret, request.body,
                                                  header(request, "x-hub-signature-256"))
                         : gitlab_token_valid(hooks.secret, header(request, "x-gitlab-token"));
  if (!signed_well) return text(401, "bad or missing signature: nothing was done\n");
  hooks.wake();
  return text(202, "a cycle starts\n");
}

}  // namespace

HttpResponse serve_route(const HttpRequest& request, const ServeStatus& status, std::int64_t now_ms,
                         const WebhookGate& hooks) {
  std::string path = request.target.substr(0, request.target.find('?'));
  if (path == "/hooks/github" || path == "/hooks/gitlab") return webhook(request, path, hooks);
  bool known = path == "/metrics" || path == "/healthz" || path == "/readyz" || path == "/status" ||
               path == "/";
  if (!known)
    return text(404, "not found: serve answers /, /metrics, /healthz, /readyz, /status\n");
  if (request.method != "GET") return text(405, "use GET\n");
  HttpResponse response;
  if (path == "/metrics") {
    response =
        HttpResponse{200, "text/plain; version=0.0.4; charset=utf-8", render_serve_metrics(status)};
  } else if (path == "/healthz") {
    response = health(status, now_ms);
  } else if (path == "/readyz") {
    response = readiness(status);
  } else if (path == "/status") {
    response = HttpResponse{200, "application/json", render_serve_status_json(status)};
  } else {
    response = HttpResponse{200, "text/html; charset=utf-8", render_serve_page(status)};
  }
  return response;
}

}  // namespace topicform
