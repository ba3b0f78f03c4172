/* registry.h - every rule set ecw knows, in one table: a new rule set is
 * one folder under src/games/ and one line in registry.c. The registry sits
 * in the games layer (not core) so that core never includes a game. */
#ifndef ECW_REGISTRY_H
#define ECW_REGISTRY_H
#include "core/game.h"

/* All games, NULL-terminated. */
const GameOps *const *games_all(void);
/* The game with this id (or a unique prefix of it), or NULL. */
const GameOps *games_find(const char *id);

#endif
