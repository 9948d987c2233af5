// ACL bindings: read in one DescribeAcls per resource type, created and deleted in one request
// each, and whether this client may change them at all (asked before any write).
#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <random>
#include <set>

#include <fmt/format.h>

#include "cluster/admin_request.hpp"
#include "cluster/kafka_admin.hpp"
#include "cluster/rdkafka_paths.hpp"

namespace topicform {
namespace {

struct AclFilterDeleter {
  void operator()(rd_kafka_AclBindingFilter_t* f) const { rd_kafka_AclBinding_destroy(f); }
};

rd_kafka_ResourceType_t resource_type(AclResource resource) {
  return resource == AclResource::topic ? RD_KAFKA_RESOURCE_TOPIC : RD_KAFKA_RESOURCE_GROUP;
}

rd_kafka_AclOperation_t operation_code(AclOperation operation) {
  switch (operation) {
    case AclOperation::read:
      return RD_KAFKA_ACL_OPERATION_READ;
    case AclOperation::write:
      return RD_KAFKA_ACL_OPERATION_WRITE;
    case AclOperation::describe:
      return RD_KAFKA_ACL_OPERATION_DESCRIBE;
  }
  return RD_KAFKA_ACL_OPERATION_UNKNOWN;
}

std::optional<AclOperation> operation_of(rd_kafka_AclOperation_t code) {
  switch (code) {
    case RD_KAFKA_ACL_OPERATION_READ:
      return AclOperation::read;
    case RD_KAFKA_ACL_OPERATION_WRITE:
      return AclOperation::write;
    case RD_KAFKA_ACL_OPERATION_DESCRIBE:
      return AclOperation::describe;
    default:
      return std::nullopt;
  }
}

// The binding as topicform writes them (ALLOW, literal, any host, READ/WRITE/DESCRIBE), or
// nullopt for a binding of another kind.
std::optional<AclBinding> as_managed_kind(const rd_kafka_AclBinding_t* acl, AclResource resource) {
  auto operation = operation_of(rd_kafka_AclBinding_operation(acl));
  if (!operation ||
      rd_kafka_AclBinding_permission_type(acl) != RD_KAFKA_ACL_PERMISSION_TYPE_ALLOW ||
      rd_kafka_AclBinding_resource_pattern_type(acl) != RD_KAFKA_RESOURCE_PATTERN_LITERAL ||
      std::string(rd_kafka_AclBinding_host(acl)) != "*") {
    return std::nullopt;
  }
  return AclBinding{resource, rd_kafka_AclBinding_name(acl), rd_kafka_AclBinding_principal(acl),
                    *operation};
}

// "DENY User:x READ topic orders. (prefixed, host 10.0.0.1)": a binding of another kind.
std::string describe_other(const rd_kafka_AclBinding_t* acl, AclResource resource) {
  return fmt::format(
      "{} {} {} {} {} ({}, host {})",
      rd_kafka_AclPermissionType_name(rd_kafka_AclBinding_permission_type(acl)),
      rd_kafka_AclBinding_principal(acl),
      rd_kafka_AclOperation_name(rd_kafka_AclBinding_operation(acl)), to_string(resource),
      rd_kafka_AclBinding_name(acl),
      rd_kafka_ResourcePatternType_name(rd_kafka_AclBinding_resource_pattern_type(acl)),
      rd_kafka_AclBinding_host(acl));
}

// Whether a binding of another kind can apply to one of `names`: its literal name, the `*`
// wildcard, or a prefix of one of them.
bool touches(const rd_kafka_AclBinding_t* acl, const std::set<std::string>& names) {
  std::string name = rd_kafka_AclBinding_name(acl);
  if (name == "*" || names.count(name)) return true;
  if (rd_kafka_AclBinding_resource_pattern_type(acl) != RD_KAFKA_RESOURCE_PATTERN_PREFIXED) {
    return false;
  }
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& n) { return n.rfind(name, 0) == 0; });
}

std::vector<TopicOutcome> acl_outcomes(const std::vector<AclBinding>& bindings,
                                       const std::vector<const rd_kafka_error_t*>& errors) {
  std::vector<TopicOutcome> out;
  for (std::size_t i = 0; i < bindings.size(); ++i) {
    TopicOutcome outcome;
    outcome.topic = describe_binding(bindings[i]);
    if (i >= errors.size()) {
      outcome.ok = false;
      outcome.error = "no answer for this binding";
    } else if (errors[i]) {
      outcome.ok = false;
      outcome.error = rd_kafka_error_string(errors[i]);
    }
    out.push_back(std::move(outcome));
  }
  return out;
}

// KRaft controllers refuse one operation that writes too many metadata records (10,000); each
// binding is one record.
constexpr std::size_t kMaxBindingsPerRequest = 5'000;

// Sends `bindings` through `send` in requests of at most kMaxBindingsPerRequest; a request that
// fails as a whole stops the rest.
template <class Send>
Result<std::vector<TopicOutcome>> in_batches(const std::vector<AclBinding>& bindings, Send send) {
  std::vector<TopicOutcome> all;
  for (std::size_t at = 0; at < bindings.size(); at += kMaxBindingsPerRequest) {
    auto end = bindings.begin() +
               static_cast<long>(std::min(bindings.size(), at + kMaxBindingsPerRequest));
    auto outcomes = send(std::vector<AclBinding>(bindings.begin() + static_cast<long>(at), end));
    if (!outcomes) return outcomes.error();
    all.insert(all.end(), outcomes->begin(), outcomes->end());
  }
  return all;
}

}  // namespace

Result<bool> KafkaAdmin::read_acls(ClusterState& state, const ReadRequest& request) {
  // The managed names hold the `.dead` topics too.
  std::set<std::string> topics(request.managed.begin(), request.managed.end());
  std::set<std::string> groups(request.groups.begin(), request.groups.end());
  for (auto resource : {AclResource::topic, AclResource::group}) {
    rd_kafka_t* client = m_handle->client;
    char error[512];
    std::unique_ptr<rd_kafka_AclBindingFilter_t, AclFilterDeleter> filter{
        rd_kafka_AclBindingFilter_new(
            resource_type(resource), nullptr, RD_KAFKA_RESOURCE_PATTERN_ANY, nullptr, nullptr,
            RD_KAFKA_ACL_OPERATION_ANY, RD_KAFKA_ACL_PERMISSION_TYPE_ANY, error, sizeof error)};
    if (!filter) return Error{fmt::format("describe ACLs: {}", error)};
    admin_request::Request describe(RD_KAFKA_ADMIN_OP_DESCRIBEACLS, "describe ACLs", m_timeout_ms,
                                    &m_requests.acls);
    describe.answer = RD_KAFKA_RESP_ERR_SECURITY_DISABLED;
    auto event = admin_request::run(*m_handle, describe,
                                    [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
                                      rd_kafka_DescribeAcls(client, filter.get(), options, queue);
                                    });
    if (!event) return Error{explain(event.error().message)};
    if (rd_kafka_event_error(event->get()) == RD_KAFKA_RESP_ERR_SECURITY_DISABLED) {
      state.acls_disabled = true;
      return true;
    }
    std::size_t count = 0;
    const auto** acls =
        rd_kafka_DescribeAcls_result_acls(rd_kafka_event_DescribeAcls_result(event->get()), &count);
    const auto& managed = resource == AclResource::topic ? topics : groups;
    for (std::size_t i = 0; i < count; ++i) {
      if (auto binding = as_managed_kind(acls[i], resource)) {
        state.acls.push_back(std::move(*binding));
      } else if (touches(acls[i], managed)) {
        state.other_acls.push_back(describe_other(acls[i], resource));
      }
    }
  }
  std::sort(state.acls.begin(), state.acls.end());
  state.acls_read = true;
  // Kafka answers DescribeAcls without an authorizer with SECURITY_DISABLED, but librdkafka
  // (2.0.2 to 2.8 at least) returns that as an empty success: when nothing is listed, ask.
  if (state.acls.empty() && state.other_acls.empty()) {
    auto answer = acl_probe();
    if (!answer) return answer.error();
    if (*answer == RD_KAFKA_RESP_ERR_SECURITY_DISABLED) {
      state.acls_disabled = true;
      state.acls_read = false;
    }
  }
  return true;
}

Result<std::vector<TopicOutcome>> KafkaAdmin::create_acls(const std::vector<AclBinding>& bindings) {
  return in_batches(bindings, [&](const auto& part) { return create_acl_batch(part); });
}

Result<std::vector<TopicOutcome>> KafkaAdmin::delete_acls(const std::vector<AclBinding>& bindings) {
  return in_batches(bindings, [&](const auto& part) { return delete_acl_batch(part); });
}

Result<std::vector<TopicOutcome>> KafkaAdmin::create_acl_batch(
    const std::vector<AclBinding>& bindings) {
  rd_kafka_t* client = m_handle->client;
  std::vector<rd_kafka_AclBinding_t*> requests;
  char error[512];
  for (const auto& b : bindings) {
    auto* acl = rd_kafka_AclBinding_new(resource_type(b.resource), b.name.c_str(),
                                        RD_KAFKA_RESOURCE_PATTERN_LITERAL, b.principal.c_str(), "*",
                                        operation_code(b.operation),
                                        RD_KAFKA_ACL_PERMISSION_TYPE_ALLOW, error, sizeof error);
    if (!acl) {
      rd_kafka_AclBinding_destroy_array(requests.data(), requests.size());
      return Error{fmt::format("create ACL {}: {}", describe_binding(b), error)};
    }
    requests.push_back(acl);
  }
  auto event = admin_request::run(
      *m_handle, {RD_KAFKA_ADMIN_OP_CREATEACLS, "create ACLs", m_timeout_ms, &m_requests.writes},
      [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
        rd_kafka_CreateAcls(client, requests.data(), requests.size(), options, queue);
        rd_kafka_AclBinding_destroy_array(requests.data(), requests.size());
      });
  if (!event) return Error{explain(event.error().message)};
  std::size_t count = 0;
  const auto** results =
      rd_kafka_CreateAcls_result_acls(rd_kafka_event_CreateAcls_result(event->get()), &count);
  std::vector<const rd_kafka_error_t*> errors;
  for (std::size_t i = 0; i < count; ++i) errors.push_back(rd_kafka_acl_result_error(results[i]));
  return acl_outcomes(bindings, errors);
}

Result<std::vector<TopicOutcome>> KafkaAdmin::delete_acl_batch(
    const std::vector<AclBinding>& bindings) {
  rd_kafka_t* client = m_handle->client;
  std::vector<rd_kafka_AclBindingFilter_t*> filters;
  char error[512];
  for (const auto& b : bindings) {
    filters.push_back(rd_kafka_AclBindingFilter_new(
        resource_type(b.resource), b.name.c_str(), RD_KAFKA_RESOURCE_PATTERN_LITERAL,
        b.principal.c_str(), "*", operation_code(b.operation), RD_KAFKA_ACL_PERMISSION_TYPE_ALLOW,
        error, sizeof error));
  }
  auto event = admin_request::run(
      *m_handle, {RD_KAFKA_ADMIN_OP_DELETEACLS, "delete ACLs", m_timeout_ms, &m_requests.writes},
      [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
        rd_kafka_DeleteAcls(client, filters.data(), filters.size(), options, queue);
        rd_kafka_AclBinding_destroy_array(filters.data(), filters.size());
      });
  if (!event) return Error{explain(event.error().message)};
  std::size_t count = 0;
  const auto** responses =
      rd_kafka_DeleteAcls_result_responses(rd_kafka_event_DeleteAcls_result(event->get()), &count);
  std::vector<const rd_kafka_error_t*> errors;
  for (std::size_t i = 0; i < count; ++i) {
    errors.push_back(rd_kafka_DeleteAcls_result_response_error(responses[i]));
  }
  return acl_outcomes(bindings, errors);
}

// "topicform-permission-probe-<random>": a name no binding has.
std::string probe_name() {
  std::random_device random;
  return fmt::format("topicform-permission-probe-{:08x}{:08x}", random(), random());
}

// A DeleteAcls whose filter names a principal and topic no binding has: it can match nothing, so
// it changes nothing, and its answer tells what DescribeAcls does not surface: SECURITY_DISABLED
// (no authorizer), CLUSTER_AUTHORIZATION_FAILED (no ALTER on the cluster) or no error.
Result<int> KafkaAdmin::acl_probe() {
  rd_kafka_t* client = m_handle->client;
  std::string probe = probe_name();
  char error[512];
  rd_kafka_AclBindingFilter_t* filter = rd_kafka_AclBindingFilter_new(
      RD_KAFKA_RESOURCE_TOPIC, probe.c_str(), RD_KAFKA_RESOURCE_PATTERN_LITERAL,
      ("User:" + probe).c_str(), "*", RD_KAFKA_ACL_OPERATION_ANY, RD_KAFKA_ACL_PERMISSION_TYPE_ANY,
      error, sizeof error);
  if (!filter) return Error{error};
  auto event =
      admin_request::run(*m_handle,
                         {RD_KAFKA_ADMIN_OP_DELETEACLS, "ask the cluster about its authorizer",
                          m_timeout_ms, &m_requests.acls},
                         [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) {
                           rd_kafka_DeleteAcls(client, &filter, 1, options, queue);
                           rd_kafka_AclBinding_destroy(filter);
                         });
  if (!event) return Error{explain(event.error().message)};
  std::size_t count = 0;
  const auto** responses =
      rd_kafka_DeleteAcls_result_responses(rd_kafka_event_DeleteAcls_result(event->get()), &count);
  for (std::size_t i = 0; i < count; ++i) {
    if (const auto* failure = rd_kafka_DeleteAcls_result_response_error(responses[i])) {
      return static_cast<int>(rd_kafka_error_code(failure));
    }
  }
  return static_cast<int>(RD_KAFKA_RESP_ERR_NO_ERROR);
}

#if TOPICFORM_DESCRIBE_CLUSTER
// DescribeCluster with the cluster's authorized operations for this client: read-only.
Result<bool> KafkaAdmin::may_alter_acls() {
  rd_kafka_t* client = m_handle->client;
  auto send = [&](rd_kafka_AdminOptions_t* options, rd_kafka_queue_t* queue) -> Result<bool> {
    rd_kafka_error_t* error = rd_kafka_AdminOptions_set_include_authorized_operations(options, 1);
    if (error) {
      std::string message = rd_kafka_error_string(error);
      rd_kafka_error_destroy(error);
      return Error{message};
    }
    rd_kafka_DescribeCluster(client, options, queue);
    return true;
  };
  auto event = admin_request::run(
      *m_handle,
      {RD_KAFKA_ADMIN_OP_DESCRIBECLUSTER, "ask the cluster for this client's permissions",
       m_timeout_ms, &m_requests.acls},
      send);
  if (!event) return Error{explain(event.error().message)};
  std::size_t count = 0;
  const auto* operations = rd_kafka_DescribeCluster_result_authorized_operations(
      rd_kafka_event_DescribeCluster_result(event->get()), &count);
  for (std::size_t i = 0; i < count; ++i) {
    if (operations[i] == RD_KAFKA_ACL_OPERATION_ALTER ||
        operations[i] == RD_KAFKA_ACL_OPERATION_ALL) {
      return true;
    }
  }
  return false;
}
#else
// librdkafka 2.0.2 cannot ask for authorized operations; the probe's DeleteAcls needs the same
// right (ALTER on the cluster) and matches nothing.
Result<bool> KafkaAdmin::may_alter_acls() {
  auto answer = acl_probe();
  if (!answer) return answer.error();
  if (*answer == RD_KAFKA_RESP_ERR_CLUSTER_AUTHORIZATION_FAILED) return false;
  if (*answer) return Error{rd_kafka_err2str(static_cast<rd_kafka_resp_err_t>(*answer))};
  return true;
}
#endif

}  // namespace topicform
