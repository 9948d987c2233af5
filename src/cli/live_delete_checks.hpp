// What only a live cluster tells about the topics a plan deletes, added to the plan.
#pragma once

#include "cluster/kafka_admin.hpp"
#include "core/plan.hpp"
#include "core/result.hpp"

namespace topicform {

// Dead topics that still hold messages are blocked (dead/delete-order); groups with no live
// member that keep offsets on a deleted topic are warned of (delete/no-active-consumers). No
// request is sent when the plan deletes nothing. Fails with the error of a failed read.
Result<bool> check_deletes_live(Plan& plan, KafkaAdmin& admin);

}  // namespace topicform
