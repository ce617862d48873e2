#include "CSQLiteConfig.h"
#include <sqlite3.h>

int lifeline_sqlite3_db_config_flag(sqlite3 *db, int option, int on) {
    int now = -1;
    int code = sqlite3_db_config(db, option, on, &now);
    return code == SQLITE_OK && now != on ? SQLITE_ERROR : code;
}
