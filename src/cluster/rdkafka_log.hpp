// librdkafka's own log lines, through topicform's logger instead of its raw format.
#pragma once

#include <librdkafka/rdkafka.h>

namespace topicform {

// Routes the client's log lines to the logger. They are the detail behind the errors topicform
// reports itself (a retried connection would bury the one that matters), so they log at debug
// (librdkafka's errors, warnings and notices) and trace (its debug lines); when the user asked for
// librdkafka's debug contexts (-X debug=...), its debug lines log at info, where they show by
// default as they always have.
void route_rdkafka_logs(rd_kafka_conf_t* conf, bool debug_asked);

}  // namespace topicform
