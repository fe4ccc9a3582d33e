"""rq jobs: advance a table's automatic steps, and send its emails. No Flask here."""
