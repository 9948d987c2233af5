// Resource names for Kafka topic names: every Kafka name maps to a valid Kubernetes name, and no
// two names to the same one.
#include "core/model/kubernetes_names.hpp"

#include <regex>
#include <set>
#include <string>

#include <gtest/gtest.h>

namespace topicform {
namespace {

// Kubernetes' own check of metadata.name (IsDNS1123Subdomain), written apart from the code's.
bool kubernetes_accepts(const std::string& name) {
  static const std::regex kSubdomain(
      "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  return name.size() <= 253 && std::regex_match(name, kSubdomain);
}

TEST(KubernetesNames, ANameKubernetesTakesIsKept) {
  for (std::string name : {"orders.created", "a", "orders-created.dead", "0.1-x"}) {
    EXPECT_EQ(kubernetes_resource_name(name), name);
    EXPECT_TRUE(is_dns1123_subdomain(name)) << name;
  }
}

TEST(KubernetesNames, CapitalsAndUnderscoresGiveAValidNameWithADigest) {
  EXPECT_EQ(kubernetes_resource_name("Orders_Created"), "orders-created-d901bad1");
  EXPECT_EQ(kubernetes_resource_name("___"), "topic-b4a52f6e");
  EXPECT_EQ(kubernetes_resource_name("-a..b-"), "a.b-4e99790d");
}

TEST(KubernetesNames, NamesThatDifferOnlyByCaseOrUnderscoreStayApart) {
  std::set<std::string> names;
  for (std::string topic : {"orders.created", "orders_created", "Orders.Created", "ORDERS_CREATED",
                            "orders-created", "orders__created", "orders._created"}) {
    std::string name = kubernetes_resource_name(topic);
    EXPECT_TRUE(kubernetes_accepts(name)) << topic << " -> " << name;
    EXPECT_TRUE(names.insert(name).second) << topic << " -> " << name << " twice";
  }
}

TEST(KubernetesNames, ALongestKafkaNameFitsKubernetesLimit) {
  std::string topic = "A_" + std::string(247, 'x');
  std::string name = kubernetes_resource_name(topic);
  EXPECT_TRUE(kubernetes_accepts(name)) << name;
  EXPECT_EQ(name.size(), 253U);
  std::string dotted;
  for (int i = 0; i < 83; ++i) dotted += "_.-";  // 249 characters, no letter or digit
  EXPECT_TRUE(kubernetes_accepts(kubernetes_resource_name(dotted)));
}

// Every Kafka name of up to six characters over an alphabet of each kind of character Kafka
// takes (55,984 names): each maps to a name Kubernetes accepts, and no two to the same one.
TEST(KubernetesNames, EveryShortKafkaNameMapsToItsOwnValidName) {
  const std::string alphabet = "aZ0._-";
  std::set<std::string> seen;
  std::size_t count = 0;
  std::vector<std::string> level{""};
  for (int length = 1; length <= 6; ++length) {
    std::vector<std::string> next;
    for (const auto& prefix : level) {
      for (char c : alphabet) next.push_back(prefix + c);
    }
    for (const auto& topic : next) {
      if (topic == "." || topic == "..") continue;  // the two names Kafka refuses
      std::string name = kubernetes_resource_name(topic);
      ASSERT_TRUE(kubernetes_accepts(name)) << topic << " -> " << name;
      ASSERT_TRUE(seen.insert(name).second) << topic << " -> " << name << " twice";
      ++count;
    }
    level = std::move(next);
  }
  EXPECT_EQ(count, 55'984U);
}

TEST(KubernetesNames, TheSubdomainCheckRefusesWhatKubernetesRefuses) {
  for (std::string name : {"", "A", "a_b", "-a", "a-", "a..b", "a.-b", ".a"})
    EXPECT_FALSE(is_dns1123_subdomain(name)) << name;
  EXPECT_FALSE(is_dns1123_subdomain(std::string(254, 'a')));
}

}  // namespace
}  // namespace topicform
