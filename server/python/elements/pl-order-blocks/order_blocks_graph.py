"""The dependency graphs behind pl-order-blocks grading, built and walked as PrairieLearn's dag checker
does (88fb855, elements/pl-order-blocks/dag_checker.py): a graph is a dict tag -> tags it depends on; a
block group is a tag whose members must stand together. networkx gives the orders, and the graphs are
built in the same node and edge order, so a solution listed for the student is the one PrairieLearn lists.
A multigraph's depends may hold alternatives (lists of tags, "colours"); each choice of one alternative
per node that reaches from a final block is one DAG."""

import itertools
from collections import Counter
from copy import deepcopy

import networkx as nx

NOT_A_DAG = "Dependency between blocks does not form a Directed Acyclic Graph; Problem unsolvable."
GROUP_ESCAPE = "Blocks within in a `pl-block-group` are not allowed to depend on blocks outside their group."
MULTIGRAPH_CYCLE = "Cycle encountered during collapse of multigraph."


def has_alternatives(edges):
    return any(isinstance(edge, list) for edge in edges)


def _groups_stay_closed(graph, group_of):
    """A block outside groups depends on no grouped block; a grouped block only on its own group."""
    for node in graph:
        group = group_of.get(node)
        sources = [source for source, _ in graph.in_edges(node)]
        if group is None and any(group_of.get(source) is not None for source in sources):
            return False
        if group is not None and any(group_of.get(source) != group for source in sources):
            return False
    return True


def _spread_group_edges(graph, group_of):
    """A group's own depends go to each member; depending on a group means depending on each member;
    then the group nodes go."""
    members = {group: [tag for tag in group_of if group_of[tag] == group]
               for group in set(group_of.values()) if group is not None}
    if not _groups_stay_closed(graph, group_of):
        raise ValueError(GROUP_ESCAPE)
    for group, tags in members.items():
        for source, _ in graph.in_edges(group):
            for tag in tags:
                graph.add_edge(source, tag)
    for node in graph.nodes():
        for source, _ in deepcopy(graph.in_edges(node)):
            if source in members:
                graph.add_edges_from([(tag, node) for tag in members[source]])
    for group in members:
        graph.remove_node(group)


def to_graph(depends, group_of):
    graph = nx.DiGraph()
    for node, sources in depends.items():
        graph.add_node(node)
        for source in sources:
            graph.add_edge(source, node)
    _spread_group_edges(graph, group_of)
    if not nx.is_directed_acyclic_graph(graph):
        raise ValueError(NOT_A_DAG)
    return graph


def solve_dag(depends, group_of):
    """A topological order with each group's members moved together to where its first member stands."""
    order = list(nx.topological_sort(to_graph(depends, group_of)))
    for group in set(group_of.values()) - {None}:
        inside = [node for node in order if group_of[node] == group]
        start = order.index(inside[0])
        outside = [node for node in order if group_of[node] != group]
        order = outside[:start] + inside + outside[start:]
    return order


def sorted_prefix(submission, graph):
    """How many leading tags have everything they depend on before them (None never does)."""
    seen = set()
    for index, node in enumerate(submission):
        if node is None or any(source not in seen for source, _ in graph.in_edges(node)):
            return index
        seen.add(node)
    return len(submission)


def grouped_prefix(submission, group_of):
    """How many leading tags keep every group's members together."""
    sizes = Counter(group_of.values())
    current, count = None, 0
    for index, node in enumerate(submission):
        group = None if node is None else group_of.get(node)
        if group is not None and current is None:
            current = group
        elif group is None and current is not None:
            return index
        if group is not None and current is not None:
            if group != current:
                return index
            count += 1
            if count == sizes[current]:
                current, count = None, 0
    return len(submission)


def grade_dag(submission, depends, group_of):
    """(length of the correct prefix, length of any solution)."""
    graph = to_graph(depends, group_of)
    return min(sorted_prefix(submission, graph), grouped_prefix(submission, group_of)), graph.number_of_nodes()


def _covers(graph, nodes):
    chosen = set(nodes)
    return all(u in chosen or v in chosen for u, v in graph.edges)


def edit_distance(submission, depends, group_of):
    """Deletions and insertions that turn the submission into a solution: drop the distractors, then the
    fewest blocks that resolve every pair in the wrong order and every split group, then add what is missing."""
    graph = to_graph(depends, group_of)
    before = nx.transitive_closure(graph)
    kept = [node for node in submission if node in depends and node is not None]
    conflicts = nx.DiGraph()
    seen = set()
    for later in kept:
        for earlier in seen:
            if before.has_edge(later, earlier):
                conflicts.add_edge(later, earlier)
        seen.add(later)
    for i in range(len(kept)):
        for j in range(i + 2, len(kept)):
            group = group_of.get(kept[i])
            if group is None or group != group_of.get(kept[j]):
                continue
            if not all(group_of[node] == group for node in kept[i:j + 1]):
                conflicts.add_nodes_from(kept[i:j + 1])
    size = conflicts.number_of_nodes()
    removed = 0 if size == 0 else size - 1
    # PrairieLearn tries subsets of 1 .. size-2 nodes; with none working it counts size-1.
    for count in range(1, size - 1):
        for subset in itertools.combinations(conflicts, count):
            if not _covers(conflicts, subset):
                continue
            rest = [node for node in kept if node not in subset]
            if len(rest) == grouped_prefix(rest, {node: group_of.get(node) for node in rest}):
                removed = count
                break
        if removed < size - 1:
            break
    deletions = (len(submission) - len(kept)) + removed
    insertions = graph.number_of_nodes() - (len(submission) - deletions)
    return deletions + insertions


def _walk_until_choice(multigraph, start):
    """Depth-first from a final block over the depends: stops at the first node with alternatives
    ((node, alternatives), the DAG walked so far), or walks all of it (None, the DAG)."""
    stack = [(start, [])]
    walked = {}
    while stack:
        node, path = stack.pop(0)
        path.append(node)
        edges = multigraph[node]
        if has_alternatives(edges):
            return (node, edges), walked
        walked[node] = edges
        for target in edges:
            if target in path and path.index(node) >= path.index(target):
                raise ValueError(MULTIGRAPH_CYCLE)
            if target not in path:
                stack.insert(0, (target, deepcopy(path)))
    return None, walked


def collapse(multigraph, finals):
    """Every DAG the multigraph holds, from each final block in turn, breadth-first over the choices."""
    for final in finals:
        pending = [multigraph]
        while pending:
            graph = pending.pop(0)
            choice, walked = _walk_until_choice(graph, final)
            if choice is None:
                yield walked
                continue
            node, alternatives = choice
            for alternative in alternatives:
                narrowed = deepcopy(graph)
                narrowed[node] = alternative
                pending.append(narrowed)


def solve_multigraph(multigraph, finals):
    return [list(nx.topological_sort(to_graph(dag, {}))) for dag in collapse(multigraph, finals)]


def grade_multigraph(submission, multigraph, finals):
    """Graded against the DAG the submission follows furthest: (prefix, its length, that DAG)."""
    dags = list(collapse(multigraph, finals))
    graphs = [to_graph(dag, {}) for dag in dags]
    prefixes = [sorted_prefix([node if node in graph.nodes() else None for node in submission], graph) for graph in graphs]
    best = prefixes.index(max(prefixes))
    return prefixes[best], graphs[best].number_of_nodes(), dags[best]
