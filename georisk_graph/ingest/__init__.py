"""Ingestion: documents into chunks, embeddings, places and batched graph writes."""
