// A small HTTP/1.1 server for serve's endpoints (Boost.Beast on one thread): bounded requests,
// a deadline on every connection, and a handler that sees plain requests and answers plainly.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "core/ground/result.hpp"

namespace topicform {

struct HttpRequest {
  std::string method;                          // "GET"
  std::string target;                          // "/metrics?x=1"
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
};

// Called on the server's thread, one request at a time.
using HttpHandler = std::function<HttpResponse(const HttpRequest&)>;

struct HttpLimits {
  std::size_t header_bytes = 16 << 10;
  std::size_t body_bytes = 4 << 20;  // a webhook's payload
  int deadline_ms = 10'000;          // a connection idle or slow past it is closed
  std::size_t connections = 64;      // more at once are closed as they arrive
};

class HttpServer {
 public:
  virtual ~HttpServer() = default;
  // The port it listens on (the one the system chose when asked for 0).
  virtual int port() const = 0;
  // Stops accepting, closes every connection and joins the thread; also done on destruction.
  virtual void stop() = 0;
};

// Listens on `address`:`port` and serves on a thread of its own; an error when it cannot bind.
Result<std::unique_ptr<HttpServer>> start_http_server(const std::string& address, int port,
                                                      HttpHandler handler, HttpLimits limits = {});

}  // namespace topicform
