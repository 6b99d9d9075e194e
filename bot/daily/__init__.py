"""The server's daily position: one analysed decision a day posted for the members to answer, revealed with the
next one. Pure choosing and ranking (`puzzle`, `choose`, `schedule`), the worker's ranking (`ranking`, in a worker
process), the set shipped with the project (`shipped`), the SQL (`store`) and the use cases (`service`)."""
