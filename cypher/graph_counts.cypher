// graph_counts: how many places, containment edges, documents and chunks the graph holds.
// access: read
CALL () { MATCH (p:Place) RETURN count(p) AS places }
CALL () { MATCH (:Place)-[r:LOCATED_IN]->(:Place) RETURN count(r) AS edges }
CALL () { MATCH (d:Document) RETURN count(d) AS documents }
CALL () { MATCH (c:Chunk) RETURN count(c) AS chunks }
RETURN places, edges, documents, chunks
