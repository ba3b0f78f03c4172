/* registry.c - the table of rule sets. */
#include "registry.h"
#include "games/ck/ck.h"
#include "games/ml/ml.h"
#include <string.h>

static const GameOps *const all_games[] = {
    &ml_ops,
    &ck_ops,
    NULL,
};

const GameOps *const *games_all(void) { return all_games; }

const GameOps *games_find(const char *id)
{
    const GameOps *hit = NULL;
    int prefix_hits = 0;
    for (const GameOps *const *g = all_games; *g; g++) {
        if (strcmp((*g)->id, id) == 0)
            return *g;
        if (strncmp((*g)->id, id, strlen(id)) == 0) {
            hit = *g;
            prefix_hits++;
        }
    }
    return prefix_hits == 1 ? hit : NULL;
}
