/* record.h - game records (GUIDE 3): engine version, game id, options,
 * seed, the actions in order, the dice typed in from outside (manual dice),
 * and a hash of the state every RECORD_HASH_EVERY actions plus the final
 * hash, so a replay that drifts is caught at once.
 *
 * Saved as JSON (written with core's Jw, read with jansson):
 *   {"engine":"0.1.0","game":"marston-less","state_size":920,"seed":N,"options":{"k":"v"},
 *    "actions":[{"verb":v,"piece":p,"target":t,"arg":a,"set":s,"x":x,"y":y,
 *                "text":"move 3 4"}...],
 *    "rolls":[{"sides":6,"value":4}...],
 *    "hashes":[{"at":10,"hash":"hex","dice":"hex"}...],"final_hash":"hex",
 *    "final_dice":"hex","dropped_dice":"hex",
 *    "taken_back":[{"at":12,"kind":"undo","side":"parliament","action":"move C1 29.0 7.0",
 *                   "replies":0},{"at":20,"kind":"withdrawn","action":"charge H4 D2","dropped":[4]}],
 *    "players":{"royalist":"human","parliament":"heuristic"},"dice":"manual"}
 * A roll's value 0 means ecw's generator rolled that die (manual dice
 * stopped by a quit or the end of input at a die prompt of the game's
 * opening: the rest of its dice): a replay draws it from the generator
 * again. A referee who stops at a die prompt of an action leaves it
 * waiting instead: "pending" holds the action (an element as in
 * "actions", not applied) and "pending_rolls" how many of the last
 * "rolls" are the dice typed for it so far; the state and "final_hash"
 * are as before it, and `ecw play --load` applies it first, feeding it
 * those dice and asking for the rest.
 * A seed above INT64_MAX is written as a decimal string (JSON readers
 * cannot hold it as an integer); both forms are read back. While the
 * game is not over the seed is written sealed instead, "sealed_seed":"hex"
 * (a fixed permutation, record.c): it fixes the hidden deal and the dice
 * to come.
 * The hashes are of the raw state, so they only mean something to an
 * engine whose state has the same layout: "state_size" (the bytes of the
 * state when the record was made) lets --verify refuse, with a reason, to
 * compare hashes across a change of layout. Records without it (made
 * before it existed) still load and replay.
 * The dice are covered too, since a die edited without changing the
 * state (a shot that misses either way) changes no hash: each hash's
 * "dice" is the digest (record_dice_digest) of the rolls kept when it
 * was taken, which are those the actions up to it used; "final_dice" of
 * every roll, a pending action's typed dice among them; "dropped_dice",
 * written only when a die was dropped, of the dice of "taken_back", in
 * order, each entry's count before its dice (their sides are not kept,
 * so they are checked only to be 1 or more). --verify (and play --load)
 * compares them and names the rolls where an edited, added or removed
 * die lies. Records made before these fields load and verify as before,
 * their dice covered only as far as they changed the state. */
#ifndef ECW_RECORD_H
#define ECW_RECORD_H
#include "core/game.h"
#include <stdbool.h>
#include <stddef.h>

enum { RECORD_HASH_EVERY = 10, RECORD_TEXT = 96, RECORD_NAME = 16 };

typedef struct RecAction {
    Action a;
    char   text[RECORD_TEXT]; /* the action described when it was taken */
} RecAction;

typedef struct RecRoll {
    int sides, value;
} RecRoll;

/* An action taken back, which the record no longer holds but keeps for
 * the audit: an `undo` (with the side that took it back and the computer's
 * replies taken back with it) or a referee's withdrawal at a die prompt
 * (with the dice typed for it, dropped). It happened before action `at`
 * of the record as it now stands (the actions after an undo are gone, so
 * what was taken back among them stands at the undo's place). */
enum { RECORD_DROPPED = 16 };
typedef struct RecTakenBack {
    size_t at;
    bool   withdrawn;               /* else an undo */
    char   side[RECORD_NAME];       /* undo: who took it back */
    char   text[RECORD_TEXT];       /* the action, in words */
    size_t replies;                 /* undo: the computer's replies after it, taken back too */
    int    dropped[RECORD_DROPPED]; /* withdrawal: the dice typed for it */
    size_t ndropped;
} RecTakenBack;

typedef struct RecHash {
    size_t   at;   /* number of actions applied */
    uint64_t hash;
    uint64_t dice;     /* digest of the rolls kept by then (record_dice_digest) */
    bool     has_dice; /* false in a record made before dice were digested */
} RecHash;

typedef struct Record {
    char           engine[16];
    const GameOps *game;
    size_t         state_size; /* of the state hashed; 0: not recorded */
    Options        opt;
    uint64_t       seed;
    RecAction     *actions;
    size_t         nactions, cap_actions;
    RecRoll       *rolls;
    size_t         nrolls, cap_rolls;
    RecHash       *hashes;
    size_t         nhashes, cap_hashes;
    uint64_t       final_hash;
    bool           has_final;
    /* Digests of every roll ("final_dice") and of the dice dropped with the
     * actions taken back ("dropped_dice"), set with the final hash. */
    uint64_t       final_dice, dropped_dice;
    bool           has_final_dice, has_dropped_dice;
    bool           over;       /* the game had ended at record_finish: the seed is written in the open */
    /* Who played each side ("human" or an AI's name; "" not recorded) and
     * "manual" when the dice were typed in: what `ecw play --load` needs
     * to resume the game as it was. Optional, written only when set. */
    char           player[MAX_PLAYERS][RECORD_NAME];
    char           dice[RECORD_NAME];
    /* Actions taken back, oldest first ("taken_back"): told again, in their
     * places, when the record is replayed (play --load, replay --events), so
     * that a log written after a break still holds every die typed. */
    RecTakenBack  *taken;
    size_t         ntaken, cap_taken;
    /* An action declared, its dice not all typed (see above). */
    RecAction      pending;
    bool           has_pending;
    size_t         pending_rolls; /* the last pending_rolls of rolls are its dice */
} Record;

/* Start an empty record of a game (opt may be NULL). */
void record_init(Record *r, const GameOps *g, const Options *opt, uint64_t seed);
void record_fini(Record *r);

/* Append an action (text may be NULL), then, with the state after it was
 * applied, store a hash (and the digest of the rolls so far) every
 * RECORD_HASH_EVERY actions. */
void record_add_action(Record *r, const Action *a, const char *text, const void *st_after);
/* Append a die supplied from outside (value 0: the generator rolled it). */
void record_add_roll(Record *r, int sides, int value);
/* The digest kept of n rolls: FNV-1a (64-bit) over each roll's sides and
 * value, each as 4 bytes little-endian, in order. */
uint64_t record_dice_digest(const RecRoll *rolls, size_t n);
/* Does the record keep a digest of its dice (made since ecw kept one)? */
bool record_dice_covered(const Record *r);
/* Take the record back to its first nactions actions and nrolls rolls
 * (an action taken back in play), with the hashes made after them and
 * the final hash and digests dropped. */
void record_truncate(Record *r, size_t nactions, size_t nrolls);
/* Leave the last action waiting for its dice: it leaves "actions", with
 * its hash, and becomes "pending", with the first `typed` of the rolls
 * after the first nrolls_before (the rest were the generator's, after the
 * stop). The state to finish with is the one before it. */
void record_suspend_last(Record *r, size_t nrolls_before, size_t typed);
/* Drop the pending action, with the dice typed for it (the last
 * pending_rolls rolls): withdrawn by the referee, or no longer legal. */
void record_drop_pending(Record *r);
/* Note an action taken back (t->at: the record's actions now); what was
 * taken back before it past that point moves there with it. */
void record_note_taken_back(Record *r, const RecTakenBack *t);
/* The "undo" or "withdrawn" event of t, as the play tells it, or told
 * again from a record ("earlier, ...", "recorded":1). */
void record_tell_taken_back(const RecTakenBack *t, EventLog *log, bool earlier);
/* Store the final hash of the state, the digests of the dice, and
 * whether the game is over. */
void record_finish(Record *r, const void *st);

/* Write as JSON; -1 with d filled on failure. Through a symbolic link
 * (or a chain of them) the file it names is written, the link kept. */
int record_save(const Record *r, const char *path, Diag *d);
/* What a save file was like when this sitting last read or wrote it
 * (through links), to tell when another program has written it since. */
typedef struct RecordStamp {
    bool               known;
    unsigned long long dev, ino;
    long long          size, sec, nsec;
} RecordStamp;
/* Note what the regular file at path is like now (known false: there is
 * none, or it is no regular file: a terminal, a pipe, /dev/null). */
void record_stamp_take(const char *path, RecordStamp *st);
/* Has the file at path been written or replaced since st was taken? False
 * when st is not known, or the file is gone (nothing there to keep). */
bool record_stamp_changed(const char *path, const RecordStamp *st);
/* The file a symbolic link at path names, followed to the end of a chain,
 * whether it exists or not (malloc'd); NULL when path is no link. */
char *record_link_target(const char *path);
/* Read and validate a record file into r (initialised here; record_fini it
 * even on failure). Errors: "FILE:LINE:COL: msg" for bad JSON,
 * "FILE: field: msg" for a bad field. */
int record_load(Record *r, const char *path, Diag *d);

enum { REPLAY_OK = -1, REPLAY_SETUP_FAILED = -2, REPLAY_INCOMPARABLE = -3 };
/* Set up the game in st (g->state_size bytes), apply every action after
 * g->check, feeding the recorded rolls through GameIO.roll and logging to
 * log (may be NULL). With verify, compare the stored hashes and dice
 * digests (a die's before the state's, being the narrower). Returns
 * REPLAY_OK, REPLAY_SETUP_FAILED, REPLAY_INCOMPARABLE (verify asked, but
 * the record's hashes were taken from a state of another size: nothing is
 * replayed, d says why), or the index of the first action that was
 * refused or after which the state or the dice diverged (d says which). */
long record_replay(const Record *r, void *st, EventLog *log, bool verify, Diag *d);
/* record_replay, telling `shown` of each action (with the side to act, the
 * state before it, once it passed g->check, and how many of the record's
 * dice the actions before it used) before it is applied: a replay told in
 * words, or (play --load) the states kept for undo. */
typedef void (*ReplayShow)(void *ud, const void *st, int player, const RecAction *ra, size_t rolls_before);
long record_replay_shown(const Record *r, void *st, EventLog *log, bool verify, Diag *d, ReplayShow shown,
                         void *ud);
/* record_replay_shown for a sitting that will type its dice (play --load
 * --dice manual): every die the generator rolled past the record's rolls
 * (a sitting with ecw's dice) is added to them as rolled by ecw (value 0),
 * so that the dice typed next follow them and a later replay feeds each
 * where it was asked; the dice digests of the hashes past the record's
 * rolls are taken again over the rolls so filled. Nothing is added to a
 * record with a pending action (its last rolls are that action's). */
long record_replay_filled(Record *r, void *st, EventLog *log, bool verify, Diag *d, ReplayShow shown, void *ud);

/* Where saves go by default: $XDG_DATA_HOME/ecw, else ~/.local/share/ecw.
 * Returns buf, or NULL when neither variable is set or buf is too small. */
char *record_default_dir(char *buf, size_t n);

#endif
