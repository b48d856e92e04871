// Package store keeps each table's action log durably: SQLite in WAL mode with
// synchronous writes as the embedded default, PostgreSQL for a venue running
// many tables from one server. The same tests run against both.
package store
