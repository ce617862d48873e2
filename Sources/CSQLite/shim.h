#include <sqlite3.h>

/// Turns off extension loading on a connection, both the C API and the SQL function
/// `load_extension()`: sqlite3_db_config is variadic, which Swift cannot call.
/// Returns SQLITE_OK, or an error code if the option is unknown to this SQLite.
static inline int lifeline_sqlite3_disable_load_extension(sqlite3 *db) {
    int enabled = -1;
    int code = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, &enabled);
    return code == SQLITE_OK && enabled != 0 ? SQLITE_ERROR : code;
}
