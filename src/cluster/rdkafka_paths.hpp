// Which of the newer librdkafka admin paths this build takes, chosen at compile time from the
// headers' RD_KAFKA_VERSION; each has a fallback for Debian 12's 2.0.2, the floor.
#pragma once

#include <librdkafka/rdkafka.h>

#include <string>
#include <utility>
#include <vector>

// IncrementalAlterConfigs (2.2.0): a config change sends only the keys that change.
#define TOPICFORM_INCREMENTAL_ALTER_CONFIGS (RD_KAFKA_VERSION >= 0x02020000)
// The ListOffsets admin request (2.3.0) instead of offsets_for_times on the client handle.
#define TOPICFORM_LIST_OFFSETS (RD_KAFKA_VERSION >= 0x02030000)
// DescribeCluster (2.3.0): cluster id, controller and registered brokers in one request.
#define TOPICFORM_DESCRIBE_CLUSTER (RD_KAFKA_VERSION >= 0x02030000)
// DescribeTopics (2.3.0): the wait for leaders asks only for the topics still waiting.
#define TOPICFORM_DESCRIBE_TOPICS (RD_KAFKA_VERSION >= 0x02030000)
// ListConsumerGroups answers each group's type (2.6.0): KIP-848 `consumer` groups are known
// as such instead of being recognised by the memberless description classic DescribeGroups gives.
#define TOPICFORM_GROUP_TYPES (RD_KAFKA_VERSION >= 0x02060000)
