// HTML pages built as strings; every manifest value goes through html_escape.
#include "docs/html_catalogue.hpp"
#include "docs/message_fields.hpp"

#include <cctype>

#include <fmt/format.h>

#include "docs/escape.hpp"
#include "docs/flow.hpp"
#include "docs/topic_facts.hpp"

namespace topicform {
namespace {

constexpr const char* kStyle =
    R"(body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:0 1em 3em;color:#1d2330}
h1{margin-top:.8em}h2{border-bottom:1px solid #d6dae3;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0 1em}th,td{border:1px solid #d6dae3;padding:.3em .6em;text-align:left;vertical-align:top}
th{background:#f3f5f9}input[type=search]{font-size:1em;padding:.45em .6em;width:100%;max-width:36em;box-sizing:border-box}
.muted{color:#5b6475}a{color:#1554b3}code{background:#f3f5f9;padding:0 .2em}
svg.flow{max-width:100%;height:auto;margin:.5em 0 1em}svg.flow rect{stroke:#3c4a66;stroke-width:1.2}
svg.flow .service rect{fill:#eef3fb}svg.flow .topic rect{fill:#fff4d6}svg.flow .dead rect{fill:#fde2e1}
svg.flow text{font:12px system-ui,sans-serif;fill:#1d2330}svg.flow line{stroke:#3c4a66;stroke-width:1.3}
svg.flow line.failure{stroke:#b3261e;stroke-dasharray:5 4}svg.flow marker path{fill:#3c4a66}
svg.flow .off{display:none}details.diagram>summary{cursor:pointer;color:#5b6475;margin:.3em 0}
)";

// The search filters the lists and the diagrams' boxes and arrows, and lives in the URL (#q=),
// so a filtered view can be linked to and survives a reload.
constexpr const char* kSearchScript = R"(
const box = document.getElementById('search');
const count = document.getElementById('count');
const total = document.querySelectorAll('#by-domain .entry').length;
function filter() {
  const words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
  const visible = new Set();
  document.querySelectorAll('.entry').forEach((el) => {
    const match = words.every((w) => el.dataset.search.includes(w));
    el.hidden = !match;
    if (match && el.closest('#by-domain')) visible.add(el.dataset.topic);
  });
  document.querySelectorAll('#by-domain svg.flow [data-topics]').forEach((el) => {
    el.classList.toggle('off', !el.dataset.topics.split(' ').some((t) => visible.has(t)));
  });
  document.querySelectorAll('.bucket').forEach((b) => {
    b.hidden = !b.querySelector('.entry:not([hidden])');
  });
  count.textContent = visible.size + ' of ' + total + ' topics';
}
function fromUrl() {
  const m = /^#q=(.*)$/.exec(location.hash);
  box.value = m ? decodeURIComponent(m[1]) : '';
  filter();
}
box.addEventListener('input', () => {
  filter();
  const url = location.href.split('#')[0];
  history.replaceState(null, '', box.value ? url + '#q=' + encodeURIComponent(box.value) : url);
});
window.addEventListener('hashchange', fromUrl);
fromUrl();
)";

// A domain's diagram is folded when it has more topics than this, so its table stays in view.
constexpr std::size_t kOpenDiagramUpTo = 10;

std::string page(const std::string& title, const std::string& body, const std::string& script) {
  return fmt::format(
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n{}{}</body>\n</html>\n",
      html_escape(title), kStyle, body,
      script.empty() ? "" : fmt::format("<script>{}</script>\n", script));
}

// `<tr><th>a</th>…</tr>` or with `td`, escaping each cell.
std::string html_row(const std::vector<std::string>& cells, const char* tag) {
  std::string out = "<tr>";
  for (const auto& cell : cells) out += fmt::format("<{0}>{1}</{0}>", tag, html_escape(cell));
  return out + "</tr>\n";
}

std::string fact_table(const std::vector<Fact>& facts) {
  std::string out = "<table>\n";
  for (const auto& f : facts) {
    std::string value = html_escape(f.value);
    if (!f.link.empty()) value = fmt::format("<a href=\"{}\">{}</a>", html_escape(f.link), value);
    out += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", html_escape(f.label), value);
  }
  return out + "</table>\n";
}

// What the search box matches: name, domain, team, services and labels, lower case.
std::string search_text(const CatalogueTopic& t) {
  const OwnerCard& owner = t.spec().owner;
  std::string text = t.name() + " " + t.domain + " " + owner.team.value + " " +
                     owner.producer.value + " " + t.spec().kind.value;
  for (const auto& c : owner.consumers) text += " " + c.group.value;
  for (const auto& [k, v] : t.spec().labels) text += " " + k + "=" + v;
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string topic_page(const Catalogue& catalogue, const CatalogueTopic& topic) {
  std::string body =
      fmt::format("<p><a href=\"../index.html\">Catalogue</a> › {}</p>\n<h1>{}</h1>\n<p>{}</p>\n",
                  html_escape(topic.domain), html_escape(topic.name()),
                  html_escape(topic.spec().description.value));
  body += "<h2>Flow</h2>\n" + render_svg(topic_flow(topic), topic.name() + " flow", topic.name());
  body += "<h2>Owner card</h2>\n" + fact_table(owner_facts(topic));
  body += fmt::format("<h2>Storage in '{}'</h2>\n", html_escape(catalogue.environment));
  body += fact_table(storage_facts(topic));
  body +=
      fmt::format("<h2>Config overrides</h2>\n<p class=\"muted\">{}</p>\n<table>\n", kConfigNote);
  body += html_row({"Key", "Value"}, "th");
  for (const auto& [key, value] : config_rows(topic)) {
    body += fmt::format("<tr><td><code>{}</code></td><td>{}</td></tr>\n", html_escape(key),
                        html_escape(value));
  }
  body += "</table>\n";
  if (topic.environments.size() > 1) {
    Table table = environment_table(topic);
    body += fmt::format("<h2>Environments</h2>\n<p class=\"muted\">{}</p>\n<table>\n",
                        environments_note(topic));
    body += html_row(table.header, "th");
    for (const auto& row : table.rows) body += html_row(row, "td");
    body += "</table>\n";
  }
  if (Table fields = message_fields(topic); !fields.rows.empty()) {
    body += fmt::format("<h2>Message fields</h2>\n<p class=\"muted\">{}</p>\n<table>\n",
                        fields_note(topic));
    body += html_row(fields.header, "th");
    for (const auto& row : fields.rows) body += html_row(row, "td");
    body += "</table>\n";
  }
  return page(topic.name() + " — topic catalogue", body, "");
}

std::string index_row(const CatalogueTopic& t) {
  std::string out = fmt::format(
      "<tr class=\"entry\" data-topic=\"{}\" data-search=\"{}\"><td><a "
      "href=\"topics/{}.html\">{}</a></td>",
      html_escape(t.name()), html_escape(search_text(t)), page_name(t.name()),
      html_escape(t.name()));
  for (const auto& cell : index_cells(t)) out += fmt::format("<td>{}</td>", html_escape(cell));
  return out + "</tr>\n";
}

// The domain's diagram in a fold, open for a small domain.
std::string domain_diagram(const Catalogue& catalogue, const std::string& domain,
                           const std::vector<std::size_t>& members) {
  return fmt::format(
      "<details class=\"diagram\"{}><summary>Flow of the {} topic{} in {}</summary>\n{}"
      "</details>\n",
      members.size() <= kOpenDiagramUpTo ? " open" : "", members.size(),
      members.size() == 1 ? "" : "s", html_escape(domain),
      render_svg(domain_flow(catalogue, members), "domain " + domain + " flow",
                 "domain-" + domain));
}

}  // namespace

DocFiles render_html_catalogue(const Catalogue& catalogue) {
  DocFiles files;
  std::size_t n = catalogue.topics.size();
  std::string body = fmt::format(
      "<h1>Topic catalogue</h1>\n<p class=\"muted\">{} topic{} in environment '{}', generated by "
      "<code>topicform docs</code> from the manifests.</p>\n"
      "<input id=\"search\" type=\"search\" placeholder=\"Filter by name, team, service or label\" "
      "aria-label=\"Filter topics\" autofocus>\n<p id=\"count\" class=\"muted\">{} of {} "
      "topics</p>\n",
      n, n == 1 ? "" : "s", html_escape(catalogue.environment), n, n);
  body += "<section id=\"by-domain\">\n<h2>By domain</h2>\n";
  for (const auto& [domain, members] : catalogue.by_domain) {
    body += fmt::format("<div class=\"bucket\">\n<h3>{}</h3>\n", html_escape(domain));
    body += domain_diagram(catalogue, domain, members);
    body += "<table>\n" + html_row(index_header(), "th");
    for (std::size_t i : members) body += index_row(catalogue.topics[i]);
    body += "</table>\n</div>\n";
  }
  body += "</section>\n<section id=\"by-team\">\n<h2>By owning team</h2>\n";
  for (const auto& [team, members] : catalogue.by_team) {
    body += fmt::format("<div class=\"bucket\">\n<h3>{}</h3>\n<ul>\n", html_escape(team));
    for (std::size_t i : members) {
      const auto& t = catalogue.topics[i];
      body += fmt::format(
          "<li class=\"entry\" data-search=\"{}\"><a href=\"topics/{}.html\">{}</a> — {}</li>\n",
          html_escape(search_text(t)), page_name(t.name()), html_escape(t.name()),
          html_escape(t.spec().description.value));
    }
    body += "</ul>\n</div>\n";
  }
  body += "</section>\n";
  files["index.html"] = page("Topic catalogue", body, kSearchScript);
  for (const auto& topic : catalogue.topics) {
    files[fmt::format("topics/{}.html", page_name(topic.name()))] = topic_page(catalogue, topic);
  }
  return files;
}

}  // namespace topicform
