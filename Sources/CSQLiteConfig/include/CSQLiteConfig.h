#ifndef LIFELINE_CSQLITECONFIG_H
#define LIFELINE_CSQLITECONFIG_H

// The one SQLite call Swift cannot make: sqlite3_db_config is variadic. Everything else, the
// constants included, comes from GRDB's GRDBSQLite module, the package's only module over SQLite;
// this header declares no SQLite API of its own (a connection is an opaque pointer to Swift).
struct sqlite3;

/// Sets an on/off `SQLITE_DBCONFIG_...` option (the `int, int*` form) and checks that it took.
/// Returns SQLITE_OK, or an error code if the option is unknown to this SQLite or did not change.
int lifeline_sqlite3_db_config_flag(struct sqlite3 *db, int option, int on);

#endif
