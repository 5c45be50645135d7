"""DOT text for pl-graph from an adjacency matrix or a networkx graph (what PrairieLearn builds with pygraphviz)."""

from typing import Any

import numpy as np


def dot_id(value: Any) -> str:
    """A DOT identifier, always quoted, so any label text is safe."""
    text = str(value)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _attrs(attrs: dict) -> str:
    if not attrs:
        return ""
    return " [" + ", ".join(f"{dot_id(k)}={dot_id(v)}" for k, v in attrs.items()) + "]"


def dot_from_adjacency(mat: np.ndarray, labels: list, directed: bool, show_weights: bool, negative_weights: bool, weight_text: Any) -> str:
    """Entry [i][j] is an edge from node j to node i, as in PrairieLearn; None is no edge, and so is
    a weight <= 0 unless negative weights are shown. The graph is strict (pygraphviz's default), so
    an undirected pair appears once."""
    kind = "digraph" if directed else "graph"
    arrow = "->" if directed else "--"
    lines = [f"strict {kind} {{"]
    lines.extend(f"  {dot_id(n)};" for n in labels)
    seen = set()
    for in_node, row in zip(labels, mat, strict=True):
        for out_node, x in zip(labels, row, strict=True):
            if x is None or (not negative_weights and x <= 0.0):
                continue
            key = (out_node, in_node) if directed else frozenset((str(out_node), str(in_node)))
            if key in seen:
                continue
            seen.add(key)
            attrs = {"label": weight_text(x)} if show_weights else {}
            lines.append(f"  {dot_id(out_node)} {arrow} {dot_id(in_node)}{_attrs(attrs)};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def dot_from_networkx(graph: Any) -> str:
    """The graph, its nodes and its edges with their attributes (networkx's to_agraph keeps them all)."""
    directed = graph.is_directed()
    strict = not graph.is_multigraph()
    arrow = "->" if directed else "--"
    lines = [f"{'strict ' if strict else ''}{'digraph' if directed else 'graph'} {{"]
    graph_attrs = {k: v for k, v in graph.graph.items() if k not in ("graph", "node", "edge")}
    for k, v in graph_attrs.items():
        lines.append(f"  {dot_id(k)}={dot_id(v)};")
    for kind in ("graph", "node", "edge"):
        if isinstance(graph.graph.get(kind), dict) and graph.graph[kind]:
            lines.append(f"  {kind}{_attrs(graph.graph[kind])};")
    for node, attrs in graph.nodes(data=True):
        lines.append(f"  {dot_id(node)}{_attrs(attrs)};")
    edges = graph.edges(data=True, keys=True) if graph.is_multigraph() else ((u, v, None, d) for u, v, d in graph.edges(data=True))
    for u, v, key, attrs in edges:
        # networkx before 3 leaves the adjacency format's "id" (the target) on each edge it reads back.
        extra = {k: x for k, x in attrs.items() if not (k == "id" and x == v)}
        if key is not None and not isinstance(key, int):
            extra.setdefault("key", key)
        lines.append(f"  {dot_id(u)} {arrow} {dot_id(v)}{_attrs(extra)};")
    lines.append("}")
    return "\n".join(lines) + "\n"
