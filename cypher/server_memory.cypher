// server_memory: the server JVM's heap use, from JMX.
// access: read
CALL dbms.queryJmx('java.lang:type=Memory') YIELD attributes
RETURN attributes.HeapMemoryUsage.value.properties.used AS heap_used,
       attributes.HeapMemoryUsage.value.properties.max AS heap_max
