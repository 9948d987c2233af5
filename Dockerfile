# topicform as a one-shot image (a Compose init container, a pipeline step): built on Debian 13
# (trixie: librdkafka 2.8, which logs in with SCRAM to Kafka 4) from Debian's packages only; the
# runtime stage holds the binary and the libraries it links.
# The base is pinned to a point release; for byte-identical rebuilds pin its digest as well:
#   FROM debian:13.8-slim@sha256:<digest from `docker buildx imagetools inspect debian:13.8-slim`>
FROM debian:13.8-slim AS build
COPY ci/install-deps /src/ci/install-deps
RUN /src/ci/install-deps --build-only
COPY . /src
RUN /src/ci/build-release /src /out

FROM debian:13.8-slim
# ci/runtime-packages: the shared libraries the binary needs (checked by tests/delivery/image.sh
# in a Debian 13 root of only these packages); ca-certificates for clusters behind TLS.
COPY ci/runtime-packages /tmp/runtime-packages
RUN apt-get update \
 && xargs -a /tmp/runtime-packages apt-get install -y --no-install-recommends \
 && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin topicform
COPY --from=build /out/topicform /usr/local/bin/topicform
USER 10001
# Manifests are mounted here (read-only is enough): docker run -v "$PWD/topics:/topics:ro" ...
WORKDIR /topics
ENV NO_COLOR=1
ENTRYPOINT ["topicform"]
CMD ["validate", "/topics"]
