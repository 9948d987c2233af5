// The server: one io_context on one thread; each connection reads a request with Beast's parser
// under the limits, asks the handler, writes the answer and reads the next until it closes.
#include "http/http_server.hpp"

#include <atomic>
#include <cctype>
#include <chrono>
#include <optional>
#include <thread>

#include <fmt/format.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace topicform {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

HttpRequest plain_request(const http::request<http::string_body>& in) {
  HttpRequest out{std::string(in.method_string()), std::string(in.target()), {}, in.body()};
  for (const auto& field : in) {
    std::string name(field.name_string());
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.headers[name] = std::string(field.value());
  }
  return out;
}

struct Shared {
  HttpHandler handler;
  HttpLimits limits;
  std::atomic<std::size_t> open{0};
};

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, Shared& shared) : m_stream(std::move(socket)), m_shared(shared) {
    ++m_shared.open;
  }
  ~Connection() { --m_shared.open; }

  void read() {
    m_parser.emplace();
    m_parser->header_limit(static_cast<std::uint32_t>(m_shared.limits.header_bytes));
    m_parser->body_limit(m_shared.limits.body_bytes);
    m_stream.expires_after(std::chrono::milliseconds(m_shared.limits.deadline_ms));
    http::async_read(
        m_stream, m_buffer, *m_parser,
        [self = shared_from_this()](beast::error_code error, std::size_t) { self->answer(error); });
  }

 private:
  // A request too large or malformed gets 400 or 413 and the connection closes; a timeout or a
  // closed socket just ends it.
  void answer(beast::error_code error) {
    if (error == http::error::body_limit || error == http::error::header_limit) {
      return write(refusal(http::status::payload_too_large, "request too large\n"), false);
    }
    if (error == http::error::end_of_stream || error == beast::error::timeout ||
        error == asio::error::operation_aborted || error == asio::error::connection_reset) {
      return close();
    }
    if (error) return write(refusal(http::status::bad_request, "bad request\n"), false);
    auto request = m_parser->release();
    // HEAD is GET without the body (RFC 9110), as `curl -I` and some load balancers ask.
    bool head = request.method() == http::verb::head;
    if (head) request.method(http::verb::get);
    HttpResponse plain = m_shared.handler(plain_request(request));
    http::response<http::string_body> response{static_cast<http::status>(plain.status),
                                               request.version()};
    response.set(http::field::content_type, plain.content_type);
    response.set(http::field::cache_control, "no-store");
    response.body() = std::move(plain.body);
    response.keep_alive(request.keep_alive());
    response.prepare_payload();
    if (head) response.body().clear();  // the length stays the GET's
    write(std::move(response), request.keep_alive());
  }

  http::response<http::string_body> refusal(http::status status, const char* body) {
    http::response<http::string_body> response{status, 11};
    response.set(http::field::content_type, "text/plain; charset=utf-8");
    response.body() = body;
    response.keep_alive(false);
    response.prepare_payload();
    return response;
  }

  void write(http::response<http::string_body> response, bool again) {
    m_response = std::move(response);
    m_stream.expires_after(std::chrono::milliseconds(m_shared.limits.deadline_ms));
    http::async_write(m_stream, m_response,
                      [self = shared_from_this(), again](beast::error_code error, std::size_t) {
                        if (!error && again) return self->read();
                        self->close();
                      });
  }

  void close() {
    beast::error_code ignored;
    m_stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  }

  beast::tcp_stream m_stream;
  Shared& m_shared;
  beast::flat_buffer m_buffer;
  std::optional<http::request_parser<http::string_body>> m_parser;
  http::response<http::string_body> m_response;
};

class BeastServer final : public HttpServer {
 public:
  BeastServer(HttpHandler handler, HttpLimits limits) : m_acceptor(m_io) {
    m_shared.handler = std::move(handler);
    m_shared.limits = limits;
  }
  ~BeastServer() override { stop(); }

  Result<bool> listen(const std::string& address, int port) {
    beast::error_code error;
    auto ip = asio::ip::make_address(address, error);
    if (error) return Error{fmt::format("--listen: '{}' is no IP address", address)};
    tcp::endpoint endpoint(ip, static_cast<unsigned short>(port));
    m_acceptor.open(endpoint.protocol(), error);
    if (!error) m_acceptor.set_option(asio::socket_base::reuse_address(true), error);
    if (!error) m_acceptor.bind(endpoint, error);
    if (!error) m_acceptor.listen(asio::socket_base::max_listen_connections, error);
    if (error) {
      return Error{fmt::format("cannot listen on {}:{}: {}", address, port, error.message())};
    }
    accept();
    m_thread = std::thread([this] { m_io.run(); });
    return true;
  }

  int port() const override { return m_acceptor.local_endpoint().port(); }

  void stop() override {
    if (!m_thread.joinable()) return;
    m_io.stop();
    m_thread.join();
  }

 private:
  void accept() {
    m_acceptor.async_accept([this](beast::error_code error, tcp::socket socket) {
      if (error) return;
      if (m_shared.open < m_shared.limits.connections) {
        std::make_shared<Connection>(std::move(socket), m_shared)->read();
      }
      accept();
    });
  }

  // Connections still queued when the io_context goes count themselves out of m_shared: it is
  // declared first so it outlives them.
  Shared m_shared;
  asio::io_context m_io{1};
  tcp::acceptor m_acceptor;
  std::thread m_thread;
};

}  // namespace

Result<std::unique_ptr<HttpServer>> start_http_server(const std::string& address, int port,
                                                      HttpHandler handler, HttpLimits limits) {
  auto server = std::make_unique<BeastServer>(std::move(handler), limits);
  auto listening = server->listen(address, port);
  if (!listening) return listening.error();
  return std::unique_ptr<HttpServer>(std::move(server));
}

}  // namespace topicform
