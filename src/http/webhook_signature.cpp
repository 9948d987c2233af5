// HMAC-SHA256 from OpenSSL's libcrypto (already loaded by librdkafka and libcurl); CRYPTO_memcmp
// so that how long a comparison takes tells nothing about the secret.
#include "http/webhook_signature.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <fmt/format.h>

namespace topicform {
namespace {

bool same_bytes(const std::string& a, const std::string& b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string hmac_sha256_hex(const std::string& secret, const std::string& body) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
       reinterpret_cast<const unsigned char*>(body.data()), body.size(), digest, &length);
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

}  // namespace

bool github_signature_valid(const std::string& secret, const std::string& body,
                            const std::string& header) {
  if (secret.empty()) return false;
  return same_bytes("sha256=" + hmac_sha256_hex(secret, body), header);
}

bool gitlab_token_valid(const std::string& secret, const std::string& header) {
  return !secret.empty() && same_bytes(secret, header);
}

}  // namespace topicform
