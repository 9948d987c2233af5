#!/usr/bin/env python3
"""Turns a Deployment's pod into the commands a kubelet would run, for a test to run on a host.

Reads the Deployment, its Secrets and ConfigMaps from one YAML file and writes, into OUT:
  NN-KIND-NAME.argv and .env   each container's argv and environment, NUL-separated, in the
                               order the kubelet runs them (init containers first); a container
                               without `command` runs BINARY (the image's entrypoint)
  volumes/NAME/                each volume: emptyDir empty, configMap with its items written
  probes.tsv                   CONTAINER KIND PATH HOST_PORT, one line per HTTP probe
  service.tsv                  SERVICE PORT_NAME HOST_PORT, the container port each Service
                               port's targetPort reaches
What Kubernetes does is done the same way: envFrom then env (env wins), `$(VAR)` expanded in
command and args from the container's environment (`$$` escapes, an unknown name stays as it
is), a volume's mountPath standing for its folder. What a host cannot give is changed, only
by the options: --set KEY=VALUE replaces a ConfigMap or Secret entry, --publish
CONTAINER_PORT=HOST_PORT makes an argument ADDRESS:CONTAINER_PORT 127.0.0.1:HOST_PORT.
Usage: pod_commands.py FILE OUT BINARY [--set KEY=VALUE]... [--publish PORT=PORT]...
"""
import base64
import os
import re
import sys

import yaml


def parse_options(argv):
    manifest, out, binary = argv[:3]
    sets, published = {}, {}
    rest = argv[3:]
    for option, value in zip(rest[::2], rest[1::2]):
        key, _, new = value.partition("=")
        if option == "--set":
            sets[key] = new
        elif option == "--publish":
            published[key] = new
        else:
            sys.exit(f"pod_commands: unknown option {option}")
    return manifest, out, binary, sets, published


def load(manifest, sets):
    """The Deployment, and every Secret's and ConfigMap's entries by name, --set applied."""
    deployment, sources, services = None, {}, []
    with open(manifest, encoding="utf-8") as f:
        for resource in yaml.safe_load_all(f):
            if not resource:
                continue
            kind, name = resource["kind"], resource["metadata"]["name"]
            if kind == "Deployment":
                deployment = resource
            elif kind == "Service":
                services.append(resource)
            elif kind in ("Secret", "ConfigMap"):
                entries = dict(resource.get("stringData", {}))
                for key, value in resource.get("data", {}).items():
                    entries[key] = base64.b64decode(value).decode() if kind == "Secret" else value
                entries.update({k: v for k, v in sets.items() if k in entries})
                sources[(kind, name)] = entries
    return deployment, sources, services


def environment(container, sources):
    env = {}
    for source in container.get("envFrom", []):
        if "secretRef" in source:
            env.update(sources[("Secret", source["secretRef"]["name"])])
        else:
            env.update(sources[("ConfigMap", source["configMapRef"]["name"])])
    for variable in container.get("env", []):
        if "value" in variable:
            env[variable["name"]] = expand(variable["value"], env)
            continue
        ref = variable["valueFrom"]
        kind, ref = ("Secret", ref["secretKeyRef"]) if "secretKeyRef" in ref else ("ConfigMap", ref["configMapKeyRef"])
        env[variable["name"]] = sources[(kind, ref["name"])][ref["key"]]
    return env


def expand(text, env):
    """Kubernetes' expansion: `$(NAME)` from `env` when defined, `$$` one `$`."""
    def one(match):
        if match.group(0) == "$$":
            return "$"
        return env.get(match.group(1), match.group(0))
    return re.sub(r"\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)", one, text)


def volumes(pod, sources, out):
    folders = {}
    for volume in pod.get("volumes", []):
        folder = os.path.join(out, "volumes", volume["name"])
        os.makedirs(folder, exist_ok=True)
        if "configMap" in volume:
            entries = sources[("ConfigMap", volume["configMap"]["name"])]
            items = volume["configMap"].get("items") or [{"key": k, "path": k} for k in entries]
            for item in items:
                with open(os.path.join(folder, item["path"]), "w", encoding="utf-8") as f:
                    f.write(entries[item["key"]])
        elif "emptyDir" not in volume:
            sys.exit(f"pod_commands: volume {volume['name']}: only emptyDir and configMap are known")
        folders[volume["name"]] = folder
    return folders


def on_host(text, mounts, published):
    """`text` with a mounted path turned into its folder and a published port into the host's."""
    for path, folder in sorted(mounts.items(), key=lambda m: -len(m[0])):
        if text == path or text.startswith(path + "/"):
            return folder + text[len(path):]
    address, colon, port = text.rpartition(":")
    if colon and address and port in published:
        return "127.0.0.1:" + published[port]
    return text


def write_nul(path, items):
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(item + "\0" for item in items))


def main():
    manifest, out, binary, sets, published = parse_options(sys.argv[1:])
    deployment, sources, services = load(manifest, sets)
    pod = deployment["spec"]["template"]["spec"]
    folders = volumes(pod, sources, out)
    ports, probes = {}, []
    ordered = [("init", c) for c in pod.get("initContainers", [])] + [("main", c) for c in pod["containers"]]
    for number, (kind, container) in enumerate(ordered, 1):
        env = environment(container, sources)
        mounts = {m["mountPath"]: folders[m["name"]] for m in container.get("volumeMounts", [])}
        # Paths inside the container map to the volumes' folders; the binary standing for the
        # image's entrypoint is a host path already (under /tmp too, which a volume may mount).
        inside = [expand(a, env) for a in container.get("command", []) + container.get("args", [])]
        inside = [on_host(a, mounts, published) for a in inside]
        argv = inside if container.get("command") else [binary] + inside
        stem = os.path.join(out, f"{number:02d}-{kind}-{container['name']}")
        write_nul(stem + ".argv", argv)
        write_nul(stem + ".env", [f"{k}={on_host(v, mounts, published)}" for k, v in env.items()])
        for port in container.get("ports", []):
            host = published.get(str(port["containerPort"]), str(port["containerPort"]))
            ports[port.get("name", str(port["containerPort"]))] = host
            ports[str(port["containerPort"])] = host
        for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
            if probe in container:
                get = container[probe]["httpGet"]
                probes.append((container["name"], probe, get["path"], ports[str(get["port"])]))
    with open(os.path.join(out, "probes.tsv"), "w", encoding="utf-8") as f:
        f.writelines("\t".join(p) + "\n" for p in probes)
    with open(os.path.join(out, "service.tsv"), "w", encoding="utf-8") as f:
        for service in services:
            for port in service["spec"]["ports"]:
                target = str(port.get("targetPort", port["port"]))
                f.write(f"{service['metadata']['name']}\t{port.get('name', '')}\t{ports[target]}\n")


if __name__ == "__main__":
    main()
