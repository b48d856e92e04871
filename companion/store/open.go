package store

import (
	"context"
	"path/filepath"
	"strings"
)

// SQLiteFile is the name of the SQLite database in the data directory.
const SQLiteFile = "quartermaster.db"

// Open opens the store a server was started with: PostgreSQL when dsn is
// set (the --db flag), else SQLite in dataDir/quartermaster.db.
func Open(ctx context.Context, dataDir, dsn string) (Store, error) {
	if strings.TrimSpace(dsn) != "" {
		return OpenPostgres(ctx, dsn)
	}
	return OpenSQLite(filepath.Join(dataDir, SQLiteFile))
}
