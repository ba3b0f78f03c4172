/* record.c - game records: building them while a game is played, saving
 * them as JSON, loading them back with every field checked, and replaying
 * them against the rules with hash checks (GUIDE 3). */
#define _XOPEN_SOURCE 700 /* mkstemp, fchmod */
#include "record.h"
#include "ai/ai.h"
#include "games/registry.h"
#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Building                                                            */
/* ------------------------------------------------------------------ */

/* Grow *p (elements of size sz) so that it holds at least need elements. */
static void grow(void **p, size_t *cap, size_t need, size_t sz)
{
    if (need <= *cap)
        return;
    size_t nc = *cap ? *cap * 2 : 64;
    while (nc < need)
        nc *= 2;
    void *np = realloc(*p, nc * sz);
    if (!np) {
        fprintf(stderr, "ecw: out of memory\n");
        abort();
    }
    *p = np;
    *cap = nc;
}

void record_init(Record *r, const GameOps *g, const Options *opt, uint64_t seed)
{
    memset(r, 0, sizeof *r);
    snprintf(r->engine, sizeof r->engine, "%s", ECW_VERSION);
    r->game = g;
    r->state_size = g->state_size;
    if (opt)
        r->opt = *opt;
    r->seed = seed;
}

void record_fini(Record *r)
{
    free(r->actions);
    free(r->rolls);
    free(r->hashes);
    free(r->taken);
    memset(r, 0, sizeof *r);
}

/* Append a hash (with its dice digest) taken after h.at actions. */
static void add_hash(Record *r, RecHash h)
{
    grow((void **)&r->hashes, &r->cap_hashes, r->nhashes + 1, sizeof *r->hashes);
    r->hashes[r->nhashes++] = h;
}

/* The dice digest: FNV-1a over bytes fixed on every machine (a 32-bit
 * word little-endian), so that a record verifies wherever it is read. */
static const uint64_t dice_basis = 0xcbf29ce484222325u;

static uint64_t dice_word(uint64_t h, uint32_t w)
{
    for (int b = 0; b < 32; b += 8) {
        h ^= (w >> b) & 0xffu;
        h *= 0x100000001b3u;
    }
    return h;
}

/* The digest h taken on over one more roll. */
static uint64_t dice_step(uint64_t h, int sides, int value)
{
    return dice_word(dice_word(h, (uint32_t)sides), (uint32_t)value);
}

uint64_t record_dice_digest(const RecRoll *rolls, size_t n)
{
    uint64_t h = dice_basis;
    for (size_t i = 0; i < n; i++)
        h = dice_step(h, rolls[i].sides, rolls[i].value);
    return h;
}

/* The digest of the dice dropped with the actions taken back: each
 * entry's count, then its dice (sides unknown: 0), so that a die moved
 * from one entry to another is seen too. */
static uint64_t dropped_digest(const Record *r)
{
    uint64_t h = dice_basis;
    for (size_t i = 0; i < r->ntaken; i++) {
        h = dice_step(h, 0, (int)r->taken[i].ndropped);
        for (size_t k = 0; k < r->taken[i].ndropped; k++)
            h = dice_step(h, 0, r->taken[i].dropped[k]);
    }
    return h;
}

bool record_dice_covered(const Record *r)
{
    bool any = r->has_final_dice;
    for (size_t i = 0; i < r->nhashes; i++)
        any |= r->hashes[i].has_dice;
    return any;
}

void record_add_action(Record *r, const Action *a, const char *text, const void *st_after)
{
    grow((void **)&r->actions, &r->cap_actions, r->nactions + 1, sizeof *r->actions);
    RecAction *ra = &r->actions[r->nactions++];
    ra->a = *a;
    snprintf(ra->text, sizeof ra->text, "%s", text ? text : "");
    if (st_after && r->nactions % RECORD_HASH_EVERY == 0) /* its dice are all kept by now: applied, then noted */
        add_hash(r, (RecHash){r->nactions, game_hash(r->game, st_after), record_dice_digest(r->rolls, r->nrolls),
                              true});
}

void record_add_roll(Record *r, int sides, int value)
{
    grow((void **)&r->rolls, &r->cap_rolls, r->nrolls + 1, sizeof *r->rolls);
    r->rolls[r->nrolls++] = (RecRoll){sides, value};
}

void record_truncate(Record *r, size_t nactions, size_t nrolls)
{
    r->nactions = nactions < r->nactions ? nactions : r->nactions;
    r->nrolls = nrolls < r->nrolls ? nrolls : r->nrolls;
    while (r->nhashes && r->hashes[r->nhashes - 1].at > r->nactions)
        r->nhashes--;
    r->has_final = r->has_final_dice = r->has_dropped_dice = false;
}

void record_suspend_last(Record *r, size_t nrolls_before, size_t typed)
{
    if (!r->nactions)
        return;
    r->pending = r->actions[r->nactions - 1];
    r->has_pending = true;
    r->pending_rolls = typed;
    record_truncate(r, r->nactions - 1, nrolls_before + typed);
}

void record_drop_pending(Record *r)
{
    if (!r->has_pending)
        return;
    size_t typed = r->pending_rolls <= r->nrolls ? r->pending_rolls : r->nrolls;
    r->has_pending = false;
    r->pending_rolls = 0;
    record_truncate(r, r->nactions, r->nrolls - typed);
}

void record_note_taken_back(Record *r, const RecTakenBack *t)
{
    for (size_t i = 0; i < r->ntaken; i++) /* the line they stood in is gone: they stand where it went back to */
        r->taken[i].at = r->taken[i].at < t->at ? r->taken[i].at : t->at;
    grow((void **)&r->taken, &r->cap_taken, r->ntaken + 1, sizeof *r->taken);
    r->taken[r->ntaken++] = *t;
    if (r->has_dropped_dice) /* a note after record_finish: the game is as it was, its dropped dice are more */
        r->dropped_dice = dropped_digest(r);
}

void record_finish(Record *r, const void *st)
{
    r->final_hash = game_hash(r->game, st);
    r->has_final = true;
    r->final_dice = record_dice_digest(r->rolls, r->nrolls);
    r->dropped_dice = dropped_digest(r);
    r->has_final_dice = r->has_dropped_dice = true;
    r->over = r->game->terminal(st);
}

/* ------------------------------------------------------------------ */
/* The sealed seed                                                     */
/* ------------------------------------------------------------------ */

/* The seed fixes the hidden deal and every die to come: a player who read
 * it from a saved game could rebuild them with `watch --seed`. So the
 * record of an unfinished game holds it sealed: a fixed permutation of
 * the 64-bit numbers (a Feistel network of four rounds over its halves),
 * which no command of ecw undoes in the open. It keeps the deal from a
 * glance and from `watch`, not from someone who reads this source. */
enum { SEAL_ROUNDS = 4 };
static const uint32_t seal_keys[SEAL_ROUNDS] = {0x9E3779B9u, 0x7F4A7C15u, 0xF39CC060u, 0x5CEDC834u};

/* The round function: any mixing of a half with the round's key. */
static uint32_t seal_round(uint32_t half, uint32_t key)
{
    uint64_t x = (uint64_t)(half ^ key) * 0xD6E8FEB86659FD93u;
    return (uint32_t)(x >> 32) ^ (uint32_t)x;
}

static uint64_t seal_seed(uint64_t seed)
{
    uint32_t l = (uint32_t)(seed >> 32), r = (uint32_t)seed;
    for (int k = 0; k < SEAL_ROUNDS; k++) {
        uint32_t t = r;
        r = l ^ seal_round(r, seal_keys[k]);
        l = t;
    }
    return (uint64_t)l << 32 | r;
}

static uint64_t unseal_seed(uint64_t sealed)
{
    uint32_t l = (uint32_t)(sealed >> 32), r = (uint32_t)sealed;
    for (int k = SEAL_ROUNDS - 1; k >= 0; k--) {
        uint32_t t = l;
        l = r ^ seal_round(l, seal_keys[k]);
        r = t;
    }
    return (uint64_t)l << 32 | r;
}

/* ------------------------------------------------------------------ */
/* Saving                                                              */
/* ------------------------------------------------------------------ */

/* A float as a JSON number when %.6g (jw_num) gives it back exactly, else
 * as a string of 9 significant digits, which always does. -0 is such a
 * string: the number -0 reads back as the integer 0, whose +0.0 is
 * another state byte for byte (--verify and play --load then failed). */
static void write_float(Jw *w, const char *key, float v)
{
    char b[32];
    snprintf(b, sizeof b, "%.6g", (double)v);
    jw_key(w, key);
    if ((float)strtod(b, NULL) == v && isfinite(v) && !(v == 0 && signbit(v))) {
        jw_num(w, (double)v);
    } else {
        snprintf(b, sizeof b, "%.9g", (double)v);
        jw_str(w, b);
    }
}

/* A hash as 16 lower-case hex digits under key. */
static void write_hex(Jw *w, const char *key, uint64_t h)
{
    char b[20];
    snprintf(b, sizeof b, "%016" PRIx64, h);
    jw_kstr(w, key, b);
}

/* One action object with every field and its text (the bend only where
 * there is one: a missing one reads back as 0, 0). */
static void write_action(Jw *w, const RecAction *ra)
{
    jw_obj(w);
    jw_kint(w, "verb", ra->a.verb);
    jw_kint(w, "piece", ra->a.piece);
    jw_kint(w, "target", ra->a.target);
    jw_kint(w, "arg", ra->a.arg);
    jw_kint(w, "set", ra->a.set);
    write_float(w, "x", ra->a.x);
    write_float(w, "y", ra->a.y);
    if (ra->a.bx != 0 || ra->a.by != 0 || signbit(ra->a.bx) || signbit(ra->a.by)) { /* a bend: few actions have one */
        write_float(w, "bx", ra->a.bx);
        write_float(w, "by", ra->a.by);
    }
    jw_kstr(w, "text", ra->text);
    jw_obj_end(w);
}

/* "seed": an integer, or a decimal string above INT64_MAX. */
static void write_seed(Jw *w, uint64_t seed)
{
    jw_key(w, "seed");
    if (seed <= (uint64_t)INT64_MAX) {
        jw_u64(w, seed);
    } else {
        char b[24];
        snprintf(b, sizeof b, "%" PRIu64, seed);
        jw_str(w, b);
    }
}

/* The header fields: engine, game, seed (sealed while the game is not
 * over), options. */
static void write_head(Jw *w, const Record *r)
{
    jw_kstr(w, "engine", r->engine);
    jw_kstr(w, "game", r->game->id);
    if (r->state_size)
        jw_kint(w, "state_size", (int64_t)r->state_size);
    if (!r->over)
        write_hex(w, "sealed_seed", seal_seed(r->seed));
    else
        write_seed(w, r->seed);
    jw_key(w, "options");
    jw_obj(w);
    for (int i = 0; i < r->opt.n; i++)
        jw_kstr(w, r->opt.kv[i].key, r->opt.kv[i].val);
    jw_obj_end(w);
}

/* "players" and "dice", when the game was played with them noted. */
static void write_players(Jw *w, const Record *r)
{
    if (r->player[0][0]) {
        jw_key(w, "players");
        jw_obj(w);
        for (int i = 0; i < r->game->nplayers; i++)
            jw_kstr(w, r->game->roles[i], r->player[i]);
        jw_obj_end(w);
    }
    if (r->dice[0])
        jw_kstr(w, "dice", r->dice);
}

/* "taken_back": written only where something was. */
static void write_taken_back(Jw *w, const Record *r)
{
    jw_key(w, "taken_back");
    jw_arr(w);
    for (size_t i = 0; i < r->ntaken; i++) {
        const RecTakenBack *t = &r->taken[i];
        jw_obj(w);
        jw_kint(w, "at", (int64_t)t->at);
        jw_kstr(w, "kind", t->withdrawn ? "withdrawn" : "undo");
        if (!t->withdrawn)
            jw_kstr(w, "side", t->side);
        jw_kstr(w, "action", t->text);
        if (t->withdrawn || t->ndropped) { /* (an undo's only where dice typed by hand went back with it) */
            jw_key(w, "dropped");
            jw_arr(w);
            for (size_t k = 0; k < t->ndropped; k++)
                jw_int(w, t->dropped[k]);
            jw_arr_end(w);
        }
        if (!t->withdrawn)
            jw_kint(w, "replies", (int64_t)t->replies);
        jw_obj_end(w);
    }
    jw_arr_end(w);
}

/* The whole record as JSON text into w. */
static void write_record(Jw *w, const Record *r)
{
    jw_obj(w);
    write_head(w, r);
    jw_key(w, "actions");
    jw_arr(w);
    for (size_t i = 0; i < r->nactions; i++)
        write_action(w, &r->actions[i]);
    jw_arr_end(w);
    jw_key(w, "rolls");
    jw_arr(w);
    for (size_t i = 0; i < r->nrolls; i++) {
        jw_obj(w);
        jw_kint(w, "sides", r->rolls[i].sides);
        jw_kint(w, "value", r->rolls[i].value);
        jw_obj_end(w);
    }
    jw_arr_end(w);
    jw_key(w, "hashes");
    jw_arr(w);
    for (size_t i = 0; i < r->nhashes; i++) {
        jw_obj(w);
        jw_kint(w, "at", (int64_t)r->hashes[i].at);
        write_hex(w, "hash", r->hashes[i].hash);
        if (r->hashes[i].has_dice)
            write_hex(w, "dice", r->hashes[i].dice);
        jw_obj_end(w);
    }
    jw_arr_end(w);
    if (r->has_final)
        write_hex(w, "final_hash", r->final_hash);
    if (r->has_final_dice)
        write_hex(w, "final_dice", r->final_dice);
    if (r->has_dropped_dice && r->dropped_dice != dice_basis) /* (absent beside "final_dice": none dropped) */
        write_hex(w, "dropped_dice", r->dropped_dice);
    if (r->ntaken)
        write_taken_back(w, r);
    if (r->has_pending) {
        jw_key(w, "pending");
        write_action(w, &r->pending);
        jw_kint(w, "pending_rolls", (int64_t)r->pending_rolls);
    }
    write_players(w, r);
    jw_obj_end(w);
}

/* A temporary file beside path, open for writing with the mode the save
 * should have (the old file's, else what the umask allows a new one); its
 * name into tmp. The name is short (".ecw-XXXXXX" in path's directory), so
 * that a save named up to the longest name a directory allows still has
 * one beside it (a tester's 255-byte name never saved). NULL with errno
 * set on failure. */
static FILE *open_beside(const char *path, const struct stat *old, char *tmp, size_t n)
{
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path) + 1 : 0;
    snprintf(tmp, n, "%.*s.ecw-XXXXXX", dir, path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return NULL;
    mode_t mask = umask(0);
    umask(mask);
    FILE *f = fchmod(fd, old ? old->st_mode & 07777 : 0666 & ~mask) == 0 ? fdopen(fd, "w") : NULL;
    if (!f) { /* the temporary file goes, and errno says why */
        int e = errno;
        close(fd);
        unlink(tmp);
        errno = e;
    }
    return f;
}

/* Write text and a newline to f, then close it: false if any of it failed. */
static bool write_closing(FILE *f, const char *text)
{
    bool ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    return (fclose(f) == 0) && ok;
}

/* Write all n bytes of buf at offset 0 of fd; false with errno set. */
static bool write_all_at(int fd, const char *buf, size_t n)
{
    for (size_t done = 0; done < n;) {
        ssize_t k = pwrite(fd, buf + done, n - done, (off_t)done);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        done += (size_t)k;
    }
    return true;
}

/* Open path for writing where it stands, without truncating it and
 * without waiting on a named pipe nobody reads (a tester's --save FIFO
 * hung ecw): -1 with errno set (ENXIO for such a pipe). */
static int open_in_place(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0666);
    if (fd < 0)
        return -1;
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

/* Write text and a newline over the file at path itself (no temporary
 * file can be made beside it, or it is no regular file). A regular file
 * is grown first to the new length (posix_fallocate), so that a full
 * disk refuses the save before a byte of the old record is touched (a
 * tester's disk-full save cut a 63-action game short), then written and
 * cut to length. *unchanged tells whether the old file is still whole. */
static bool write_in_place(const char *path, const char *text, bool *unchanged)
{
    *unchanged = true;
    int fd = open_in_place(path);
    if (fd < 0)
        return false;
    size_t n = strlen(text);
    char *buf = malloc(n + 1);
    if (!buf) {
        close(fd);
        errno = ENOMEM;
        return false;
    }
    memcpy(buf, text, n);
    buf[n++] = '\n';
    struct stat sb;
    bool regular = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode), ok = true;
    if (regular && (off_t)n > sb.st_size) {
        int e = posix_fallocate(fd, 0, (off_t)n);
        if (e != 0) { /* ext4 grows the file to its last block even so: back to its length (a reviewer's) */
            if (ftruncate(fd, sb.st_size) != 0)
                *unchanged = false;
            ok = false, errno = e;
        }
    }
    if (ok) {
        *unchanged = false;
        ok = regular ? write_all_at(fd, buf, n) && ftruncate(fd, (off_t)n) == 0
                     : write(fd, buf, n) == (ssize_t)n;
    }
    int e = errno;
    free(buf);
    if (close(fd) != 0 && ok)
        ok = false, e = errno;
    errno = e;
    return ok;
}

/* record_save to path, a file or none yet (not a link), through a
 * temporary file renamed over it once it is whole: a save cut short (a
 * full disk, a size limit) leaves the old record as it was. What is no
 * regular file (/dev/null, a pipe), or a file in a directory where no
 * other may be made, is written where it stands (write_in_place). */
static int save_at(const Record *r, const char *path, Diag *d)
{
    struct stat sb;
    bool exists = stat(path, &sb) == 0, direct = exists && !S_ISREG(sb.st_mode);
    char tmp[PATH_MAX + 16];
    if (strlen(path) >= PATH_MAX)
        return diag_set(d, "the save file's path is too long (%zu bytes)", strlen(path));
    FILE *f = direct ? NULL : open_beside(path, exists ? &sb : NULL, tmp, sizeof tmp);
    if (!f && !direct && errno != EACCES && errno != EPERM && errno != EROFS)
        return diag_set(d, "%s: %s", path, strerror(errno));
    direct = !f; /* a file we may write in a directory we may not */
    Jw w;
    jw_init(&w);
    write_record(&w, r);
    bool unchanged = true, ok = direct ? write_in_place(path, jw_str_of(&w), &unchanged)
                                       : write_closing(f, jw_str_of(&w));
    int e = errno;
    jw_fini(&w);
    if (ok && !direct && rename(tmp, path) != 0)
        ok = false, e = errno;
    if (!ok && !direct)
        unlink(tmp);
    if (!ok && direct && e == ENXIO)
        return diag_set(d, "%s is a named pipe that nobody reads: a game is saved to a file", path);
    if (!ok)
        return diag_set(d, "%s: write failed: %s (%s)", path, strerror(e),
                        !unchanged ? "the file may be cut short"
                        : exists   ? "the file there before is unchanged"
                                   : "nothing was saved");
    return 0;
}

void record_stamp_take(const char *path, RecordStamp *st)
{
    struct stat sb;
    *st = (RecordStamp){0};
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) /* (a terminal's time moves as it is written to) */
        return;
    *st = (RecordStamp){true, (unsigned long long)sb.st_dev, (unsigned long long)sb.st_ino, (long long)sb.st_size,
                        (long long)sb.st_mtim.tv_sec, (long long)sb.st_mtim.tv_nsec};
}

bool record_stamp_changed(const char *path, const RecordStamp *st)
{
    if (!st->known)
        return false;
    RecordStamp now;
    record_stamp_take(path, &now);
    if (!now.known) /* removed or moved away: nothing there to keep, the game is written there again */
        return false;
    return now.dev != st->dev || now.ino != st->ino || now.size != st->size || now.sec != st->sec ||
           now.nsec != st->nsec;
}

char *record_link_target(const char *path)
{
    char *at = NULL;
    for (int hop = 0; hop < 16; hop++) { /* a chain of links, not a loop of them */
        const char *cur = at ? at : path;
        struct stat sb;
        if (lstat(cur, &sb) != 0 || !S_ISLNK(sb.st_mode))
            return at;
        char to[PATH_MAX];
        ssize_t n = readlink(cur, to, sizeof to - 1);
        if (n < 0)
            return at;
        to[n] = '\0';
        if (to[0] != '/' && strstr(to, ":["))
            return at; /* "pipe:[8334166]" for /dev/stdout or /dev/fd/1 into a pipe: no path, the link itself */
        const char *slash = strrchr(cur, '/');
        size_t dir = to[0] == '/' || !slash ? 0 : (size_t)(slash - cur) + 1; /* relative: from the link's directory */
        char *next = malloc(dir + (size_t)n + 1);
        if (!next)
            return at;
        memcpy(next, cur, dir);
        memcpy(next + dir, to, (size_t)n + 1);
        free(at);
        at = next;
    }
    return at;
}

int record_save(const Record *r, const char *named, Diag *d)
{
    /* a link is saved through to the file it names (there or not yet): the
     * rename beside it would replace the link and leave the file unchanged */
    char *target = record_link_target(named);
    int rc = save_at(r, target ? target : named, d);
    free(target);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Loading: every field checked, errors name the field                 */
/* ------------------------------------------------------------------ */

/* Far above any game's record (a long game of To Catch a King is some
 * 40 KB), far below what would exhaust memory: the parsed tree takes some
 * twelve times the file (a fuzzer's 48 MB record, under the 64 MiB cap
 * of before 2026-12-02, took 565 MB and 12 s to be refused). */
enum { RECORD_MAX_BYTES = 8 << 20 };

typedef struct Ld {
    const char *file;
    Diag       *d;
} Ld;

/* Double the text buffer b of *cap bytes (NULL, b freed, when memory
 * runs out). */
static char *grow_text(char *b, size_t *cap)
{
    char *nb = realloc(b, *cap * 2);
    if (!nb)
        free(b);
    *cap *= 2;
    return nb;
}

/* Report "FILE: FIELD: msg"; returns -1. */
static int ld_err(const Ld *ld, const char *field, const char *msg)
{
    return diag_set(ld->d, "%s: %s: %s", ld->file, field, msg);
}

/* Fail if obj has a key outside the NULL-terminated list `known`. */
static int ld_known_keys(const Ld *ld, json_t *obj, const char *where,
                         const char *const *known)
{
    const char *k;
    json_t *v;
    json_object_foreach(obj, k, v) {
        bool ok = false;
        for (const char *const *p = known; *p; p++)
            ok |= strcmp(*p, k) == 0;
        if (!ok) {
            char f[160];
            snprintf(f, sizeof f, "%s%s%s", where, *where ? "." : "", k);
            return ld_err(ld, f, "unknown field");
        }
    }
    return 0;
}

/* Integer member `key` of obj in [lo, hi]; missing allowed when !required
 * (then *out keeps its value). `where` prefixes the field name. */
static int ld_int(const Ld *ld, json_t *obj, const char *where, const char *key,
                  bool required, long long lo, long long hi, long long *out)
{
    char f[160];
    snprintf(f, sizeof f, "%s%s%s", where, *where ? "." : "", key);
    json_t *v = json_object_get(obj, key);
    if (!v)
        return required ? ld_err(ld, f, "missing") : 0;
    if (!json_is_integer(v))
        return ld_err(ld, f, "expected an integer");
    long long x = json_integer_value(v);
    if (x < lo || x > hi) {
        char m[96];
        snprintf(m, sizeof m, "%lld is out of range %lld..%lld", x, lo, hi);
        return ld_err(ld, f, m);
    }
    *out = x;
    return 0;
}

/* x, a coordinate read as a double (from `text` where it was a string),
 * as a float: -1 with the field named when no float holds it (it became
 * infinite, and was then saved back as "inf", which no longer loads). */
static int ld_to_float(const Ld *ld, const char *field, double x, const char *text, float *out)
{
    if (!(fabs(x) <= FLT_MAX)) {
        char m[160];
        if (text)
            snprintf(m, sizeof m, "%.40s is out of range (a coordinate is at most %g either way)", text, (double)FLT_MAX);
        else
            snprintf(m, sizeof m, "%g is out of range (a coordinate is at most %g either way)", x, (double)FLT_MAX);
        return ld_err(ld, field, m);
    }
    *out = (float)x;
    return 0;
}

/* Optional float member: a JSON number or a numeric string in decimal,
 * as write_float writes one (not strtod's hexadecimal, "inf", "nan" or
 * spaces, which ecw never writes). */
static int ld_float(const Ld *ld, json_t *obj, const char *where, const char *key, float *out)
{
    char f[160];
    snprintf(f, sizeof f, "%s.%s", where, key);
    json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    if (json_is_number(v))
        return ld_to_float(ld, f, json_number_value(v), NULL, out);
    if (json_is_string(v)) {
        char *end;
        const char *s = json_string_value(v);
        double x = strtod(s, &end);
        if (*s && strspn(s, "+-0123456789.eE") == strlen(s) && strpbrk(s, "0123456789") && !*end)
            return ld_to_float(ld, f, x, s, out);
    }
    return ld_err(ld, f, "expected a number");
}

/* A bend's two coordinates come together or not at all. */
static int ld_bend(const Ld *ld, json_t *o, const char *where)
{
    bool bx = json_object_get(o, "bx") != NULL, by = json_object_get(o, "by") != NULL;
    if (bx == by)
        return 0;
    char f[160];
    snprintf(f, sizeof f, "%s.%s", where, bx ? "by" : "bx");
    return ld_err(ld, f, bx ? "missing: a bend has bx and by, and this action has only bx"
                            : "missing: a bend has bx and by, and this action has only by");
}

/* A 64-bit hash written as 1..16 hex digits. */
static int ld_hex(const Ld *ld, json_t *v, const char *field, uint64_t *out)
{
    if (!json_is_string(v))
        return ld_err(ld, field, "expected a hex string");
    const char *s = json_string_value(v);
    size_t n = strlen(s);
    if (n == 0 || n > 16 || strspn(s, "0123456789abcdefABCDEF") != n)
        return ld_err(ld, field, "expected 1 to 16 hex digits");
    *out = strtoull(s, NULL, 16);
    return 0;
}

/* A text that messages and play --load's summary print: a control
 * character in it (a newline, an escape sequence) would break the one-line
 * message or act on the terminal, and ecw never writes one. */
static int ld_printable(const Ld *ld, const char *field, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char m[64];
        if (*p < 0x20 || *p == 0x7f)
            snprintf(m, sizeof m, "a control character (0x%02x) in the text", *p);
        else if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) /* a C1 control, U+0080..U+009F (a tester's CSI) */
            snprintf(m, sizeof m, "a control character (U+%04X) in the text", p[1]);
        else
            continue;
        return ld_err(ld, field, m);
    }
    return 0;
}

/* One element of "actions". */
static int ld_action(const Ld *ld, json_t *o, const char *where, RecAction *ra)
{
    static const char *const keys[] = {"verb", "piece", "target", "arg", "set",
                                       "x", "y", "bx", "by", "text", NULL};
    char w[48];
    snprintf(w, sizeof w, "%s", where);
    if (!json_is_object(o))
        return ld_err(ld, w, "expected an object");
    if (ld_known_keys(ld, o, w, keys) < 0)
        return -1;
    long long verb = 0, piece = 0, target = 0, arg = 0, set = 0;
    if (ld_int(ld, o, w, "verb", true, INT16_MIN, INT16_MAX, &verb) < 0 ||
        ld_int(ld, o, w, "piece", true, INT16_MIN, INT16_MAX, &piece) < 0 ||
        ld_int(ld, o, w, "target", true, INT16_MIN, INT16_MAX, &target) < 0 ||
        ld_int(ld, o, w, "arg", true, INT16_MIN, INT16_MAX, &arg) < 0 ||
        ld_int(ld, o, w, "set", false, 0, UINT32_MAX, &set) < 0)
        return -1;
    memset(ra, 0, sizeof *ra);
    ra->a = (Action){.verb = (int16_t)verb, .piece = (int16_t)piece, .target = (int16_t)target, .arg = (int16_t)arg, .set = (uint32_t)set};
    if (ld_float(ld, o, w, "x", &ra->a.x) < 0 || ld_float(ld, o, w, "y", &ra->a.y) < 0 || ld_bend(ld, o, w) < 0 ||
        ld_float(ld, o, w, "bx", &ra->a.bx) < 0 || ld_float(ld, o, w, "by", &ra->a.by) < 0)
        return -1;
    json_t *t = json_object_get(o, "text");
    snprintf(w, sizeof w, "%s.text", where);
    if (t && !json_is_string(t))
        return ld_err(ld, w, "expected a string");
    if (t && ld_printable(ld, w, json_string_value(t)) < 0)
        return -1;
    snprintf(ra->text, sizeof ra->text, "%s", t ? json_string_value(t) : "");
    return 0;
}

/* "actions": a required array of action objects. */
static int ld_actions(const Ld *ld, json_t *root, Record *r)
{
    json_t *arr = json_object_get(root, "actions");
    if (!arr)
        return ld_err(ld, "actions", "missing");
    if (!json_is_array(arr))
        return ld_err(ld, "actions", "expected an array");
    size_t n = json_array_size(arr);
    grow((void **)&r->actions, &r->cap_actions, n, sizeof *r->actions);
    for (size_t i = 0; i < n; i++) {
        char w[48];
        snprintf(w, sizeof w, "actions[%zu]", i);
        if (ld_action(ld, json_array_get(arr, i), w, &r->actions[i]) < 0)
            return -1;
        r->nactions = i + 1;
    }
    return 0;
}

/* "rolls": optional array of {sides, value} with 1 <= value <= sides. */
static int ld_rolls(const Ld *ld, json_t *root, Record *r)
{
    static const char *const keys[] = {"sides", "value", NULL};
    json_t *arr = json_object_get(root, "rolls");
    if (!arr)
        return 0;
    if (!json_is_array(arr))
        return ld_err(ld, "rolls", "expected an array");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *o = json_array_get(arr, i);
        char w[48];
        snprintf(w, sizeof w, "rolls[%zu]", i);
        if (!json_is_object(o))
            return ld_err(ld, w, "expected an object");
        long long sides = 0, value = 0;
        if (ld_known_keys(ld, o, w, keys) < 0 ||
            ld_int(ld, o, w, "sides", true, 1, 1000000, &sides) < 0 ||
            ld_int(ld, o, w, "value", true, 0, sides, &value) < 0) /* 0: ecw rolled it */
            return -1;
        record_add_roll(r, (int)sides, (int)value);
    }
    return 0;
}

/* A string member of a taken-back entry, printable, into out (n bytes). */
static int ld_text(const Ld *ld, json_t *o, const char *where, const char *key, char *out, size_t n)
{
    char f[64];
    snprintf(f, sizeof f, "%s.%s", where, key);
    json_t *v = json_object_get(o, key);
    if (!v)
        return ld_err(ld, f, "missing");
    if (!json_is_string(v))
        return ld_err(ld, f, "expected a string");
    if (strlen(json_string_value(v)) >= n)
        return ld_err(ld, f, "too long");
    if (ld_printable(ld, f, json_string_value(v)) < 0)
        return -1;
    snprintf(out, n, "%s", json_string_value(v));
    return 0;
}

/* taken_back[i].dropped: the dice typed for an action withdrawn or taken
 * back, each 1 or more. */
static int ld_dropped(const Ld *ld, json_t *o, const char *where, RecTakenBack *t)
{
    char f[64];
    snprintf(f, sizeof f, "%s.dropped", where);
    json_t *arr = json_object_get(o, "dropped");
    if (!arr)
        return ld_err(ld, f, "missing (the dice typed for the action withdrawn, [] if none)");
    if (!json_is_array(arr) || json_array_size(arr) > RECORD_DROPPED)
        return ld_err(ld, f, "expected an array of at most 16 dice");
    for (size_t k = 0; k < json_array_size(arr); k++) {
        json_t *v = json_array_get(arr, k);
        if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 1000000)
            return ld_err(ld, f, "a die is a whole number of 1 or more");
        t->dropped[t->ndropped++] = (int)json_integer_value(v);
    }
    return 0;
}

/* The computer's replies an undo may take back with its order: they are
 * gone from the actions, so no count of those bounds them (a fuzzer's
 * undo of the first order, with one reply, left a save that no --load
 * accepted); a bound only against nonsense. */
enum { RECORD_MAX_REPLIES = 1000000 };

/* One element of "taken_back". */
static int ld_taken_one(const Ld *ld, json_t *o, const char *w, size_t prev_at, Record *r, RecTakenBack *t)
{
    static const char *const keys[] = {"at", "kind", "side", "action", "replies", "dropped", NULL};
    if (!json_is_object(o))
        return ld_err(ld, w, "expected an object");
    long long at = 0, replies = 0;
    char kind[16];
    memset(t, 0, sizeof *t);
    if (ld_known_keys(ld, o, w, keys) < 0 || ld_int(ld, o, w, "at", true, (long long)prev_at,
                                                   (long long)r->nactions, &at) < 0 ||
        ld_text(ld, o, w, "kind", kind, sizeof kind) < 0 || ld_text(ld, o, w, "action", t->text, sizeof t->text) < 0)
        return -1;
    t->at = (size_t)at;
    t->withdrawn = strcmp(kind, "withdrawn") == 0;
    if (!t->withdrawn && strcmp(kind, "undo") != 0) {
        char f[64];
        snprintf(f, sizeof f, "%s.kind", w);
        return ld_err(ld, f, "expected \"undo\" or \"withdrawn\"");
    }
    if (t->withdrawn)
        return ld_dropped(ld, o, w, t);
    if (json_object_get(o, "dropped") && ld_dropped(ld, o, w, t) < 0) /* an undo's dice typed by hand */
        return -1;
    if (ld_text(ld, o, w, "side", t->side, sizeof t->side) < 0 ||
        ld_int(ld, o, w, "replies", false, 0, RECORD_MAX_REPLIES, &replies) < 0)
        return -1;
    t->replies = (size_t)replies;
    if (game_role_index(r->game, t->side) < 0) {
        char f[64];
        snprintf(f, sizeof f, "%s.side", w);
        return ld_err(ld, f, "not a role of the game");
    }
    return 0;
}

/* "taken_back": optional, oldest first, each `at` within the actions and
 * none before the one before it. */
static int ld_taken_back(const Ld *ld, json_t *root, Record *r)
{
    json_t *arr = json_object_get(root, "taken_back");
    if (!arr)
        return 0;
    if (!json_is_array(arr))
        return ld_err(ld, "taken_back", "expected an array");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char w[48];
        snprintf(w, sizeof w, "taken_back[%zu]", i);
        RecTakenBack t;
        if (ld_taken_one(ld, json_array_get(arr, i), w, r->ntaken ? r->taken[r->ntaken - 1].at : 0, r, &t) < 0)
            return -1;
        grow((void **)&r->taken, &r->cap_taken, r->ntaken + 1, sizeof *r->taken);
        r->taken[r->ntaken++] = t;
    }
    return 0;
}

/* "pending" and "pending_rolls": both or neither; the dice typed for it
 * no more than the rolls there are. */
static int ld_pending(const Ld *ld, json_t *root, Record *r)
{
    json_t *o = json_object_get(root, "pending"), *n = json_object_get(root, "pending_rolls");
    if (!o && !n)
        return 0;
    if (!o)
        return ld_err(ld, "pending_rolls", "given without \"pending\" (the action whose dice they are)");
    if (!n)
        return ld_err(ld, "pending", "given without \"pending_rolls\" (how many of its dice were typed)");
    long long typed = 0;
    if (ld_action(ld, o, "pending", &r->pending) < 0 ||
        ld_int(ld, root, "", "pending_rolls", true, 0, (long long)r->nrolls, &typed) < 0)
        return -1;
    r->has_pending = true;
    r->pending_rolls = (size_t)typed;
    return 0;
}

/* hashes[i].at, said plainly when refused: past the actions (a record cut
 * short by hand read "60 is out of range 51..50"), or not after the one
 * before it. */
static int hashes_at_refused(const Ld *ld, const char *where, long long at, long long prev, size_t nactions)
{
    char f[64], m[128];
    snprintf(f, sizeof f, "%s.at", where);
    if (at > 0 && (unsigned long long)at > nactions)
        snprintf(m, sizeof m, "%lld is beyond the record's %zu action%s", at, nactions, nactions == 1 ? "" : "s");
    else if (at < 1)
        snprintf(m, sizeof m, "%lld is out of range: a hash is taken after an action, at 1 or more", at);
    else if (at <= prev)
        snprintf(m, sizeof m, "%lld does not come after the hash before it, at %lld", at, prev);
    else
        return 0;
    return ld_err(ld, f, m);
}

/* "hashes": optional array of {at, hash, dice}, `at` increasing within
 * 1..actions, `dice` optional (absent: a record made before it). */
static int ld_hashes(const Ld *ld, json_t *root, Record *r)
{
    static const char *const keys[] = {"at", "hash", "dice", NULL};
    json_t *arr = json_object_get(root, "hashes");
    if (!arr)
        return 0;
    if (!json_is_array(arr))
        return ld_err(ld, "hashes", "expected an array");
    long long prev = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *o = json_array_get(arr, i);
        char w[48], f[64];
        snprintf(w, sizeof w, "hashes[%zu]", i);
        snprintf(f, sizeof f, "hashes[%zu].hash", i);
        if (!json_is_object(o))
            return ld_err(ld, w, "expected an object");
        long long at = 0;
        uint64_t h = 0;
        json_t *hv = json_object_get(o, "hash");
        if (ld_known_keys(ld, o, w, keys) < 0 || ld_int(ld, o, w, "at", true, LLONG_MIN, LLONG_MAX, &at) < 0)
            return -1;
        if (hashes_at_refused(ld, w, at, prev, r->nactions) < 0)
            return -1;
        if (!hv)
            return ld_err(ld, f, "missing");
        if (ld_hex(ld, hv, f, &h) < 0)
            return -1;
        RecHash rh = {(size_t)at, h, 0, false};
        json_t *dv = json_object_get(o, "dice"); /* (none in a record made before the dice were digested) */
        snprintf(f, sizeof f, "hashes[%zu].dice", i);
        if (dv && ld_hex(ld, dv, f, &rh.dice) < 0)
            return -1;
        rh.has_dice = dv != NULL;
        add_hash(r, rh);
        prev = at;
    }
    return 0;
}

/* The options are the game's, as its setup says: refused here, naming the
 * file and the field, and not later, when play --load's message read as
 * if they had been typed on the command line. */
static int ld_options_fit(const Ld *ld, const Record *r)
{
    void *st = calloc(1, r->game->state_size);
    if (!st)
        return ld_err(ld, "options", "out of memory");
    Diag sd = {{0}};
    int rc = r->game->setup(st, &r->opt, r->seed, &sd);
    free(st);
    return rc < 0 ? ld_err(ld, "options", sd.msg) : 0;
}

/* "options": optional object of string values. */
static int ld_options(const Ld *ld, json_t *root, Record *r)
{
    json_t *o = json_object_get(root, "options");
    if (!o)
        return 0;
    if (!json_is_object(o))
        return ld_err(ld, "options", "expected an object");
    const char *k;
    json_t *v;
    json_object_foreach(o, k, v) {
        char f[96];
        snprintf(f, sizeof f, "options.%s", k);
        if (!json_is_string(v))
            return ld_err(ld, f, "expected a string");
        Diag od;
        if (opt_set(&r->opt, k, json_string_value(v), &od) < 0)
            return ld_err(ld, f, od.msg);
    }
    return ld_options_fit(ld, r);
}

/* A string member no longer than a RECORD_NAME into out ("" if absent). */
static int ld_name(const Ld *ld, json_t *v, const char *field, char out[RECORD_NAME])
{
    if (!json_is_string(v))
        return ld_err(ld, field, "expected a string");
    if (strlen(json_string_value(v)) >= RECORD_NAME)
        return ld_err(ld, field, "too long");
    snprintf(out, RECORD_NAME, "%s", json_string_value(v));
    return 0;
}

/* What a JSON value is, for "expected an object, got an array". */
static const char *json_kind(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

/* "human, random, heuristic": who may play a side, into buf. */
static const char *player_names(char *buf, size_t n)
{
    snprintf(buf, n, "human");
    for (const AiPlayer *const *a = ai_all(); *a; a++) {
        size_t l = strlen(buf);
        snprintf(buf + l, n - l, ", %s", (*a)->name);
    }
    return buf;
}

/* One member of "players": key a role of the game, value "human" or an
 * AI's name (play --load would otherwise resume with another player than
 * the file says, without a word). */
static int ld_player(const Ld *ld, Record *r, const char *role, json_t *v)
{
    char f[96], m[256], names[96];
    snprintf(f, sizeof f, "players.%.60s", role);
    int p = game_role_index(r->game, role);
    if (p < 0) {
        char roles[96] = "";
        for (int i = 0; i < r->game->nplayers; i++)
            snprintf(roles + strlen(roles), sizeof roles - strlen(roles), "%s%s", i ? ", " : "", r->game->roles[i]);
        snprintf(m, sizeof m, "'%.60s' is not a role of %s (roles: %s)", role, r->game->id, roles);
        return ld_err(ld, f, m);
    }
    const char *who = json_is_string(v) ? json_string_value(v) : NULL;
    if (who && strcmp(who, "human") != 0 && !ai_find(who)) {
        snprintf(m, sizeof m, "unknown player '%.60s' (players: %s)", who, player_names(names, sizeof names));
        return ld_err(ld, f, m);
    }
    return ld_name(ld, v, f, r->player[p]);
}

/* "players": optional object of role -> "human" or an AI's name, every
 * key a role of the game; "dice": optional "manual" or "auto". */
static int ld_players(const Ld *ld, json_t *root, Record *r)
{
    json_t *o = json_object_get(root, "players"), *dv = json_object_get(root, "dice");
    if (o && !json_is_object(o)) {
        char m[160];
        snprintf(m, sizeof m, "expected an object of role: player, such as {\"%s\":\"human\"}, got %s",
                 r->game->roles[0], json_kind(o));
        return ld_err(ld, "players", m);
    }
    const char *k;
    json_t *v;
    json_object_foreach(o, k, v) {
        if (ld_player(ld, r, k, v) < 0)
            return -1;
    }
    if (dv && ld_name(ld, dv, "dice", r->dice) < 0)
        return -1;
    if (r->dice[0] && strcmp(r->dice, "manual") != 0 && strcmp(r->dice, "auto") != 0)
        return ld_err(ld, "dice", "expected manual or auto");
    return 0;
}

/* "seed": an integer >= 0, or a decimal string for seeds above INT64_MAX;
 * or, for a game not over, "sealed_seed": 16 hex digits (write_head). */
static int ld_seed(const Ld *ld, json_t *root, Record *r)
{
    json_t *v = json_object_get(root, "seed"), *sealed = json_object_get(root, "sealed_seed");
    if (v && sealed)
        return ld_err(ld, "sealed_seed", "given with \"seed\" (a record holds one or the other)");
    if (sealed) {
        uint64_t x;
        if (ld_hex(ld, sealed, "sealed_seed", &x) < 0)
            return -1;
        r->seed = unseal_seed(x);
        return 0;
    }
    if (!v)
        return ld_err(ld, "seed", "missing (nor is there a \"sealed_seed\")");
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        r->seed = (uint64_t)json_integer_value(v);
        return 0;
    }
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        char *end;
        errno = 0;
        unsigned long long x = strtoull(s, &end, 10);
        if (*s >= '0' && *s <= '9' && !*end && errno == ERANGE) /* digits, past 64 bits */
            return ld_err(ld, "seed", "number too large (at most 18446744073709551615)");
        if (*s >= '0' && *s <= '9' && !*end) {
            r->seed = x;
            return 0;
        }
    }
    return ld_err(ld, "seed", "expected a non-negative integer");
}

/* A state_size that is not the game's but another game's says the record
 * was made by that game and its "game" changed: refused before a replay
 * that would fail on some action for no reason the user could see. (A size
 * no game has is an older layout of the record's game: it replays.) */
static int ld_state_of_other_game(const Ld *ld, const Record *r)
{
    if (!r->state_size || r->state_size == r->game->state_size)
        return 0;
    for (const GameOps *const *g = games_all(); *g; g++) {
        if ((*g)->state_size == r->state_size && *g != r->game)
            return diag_set(ld->d,
                            "%s: the record says game %s, but its state_size %zu is that of %s "
                            "(a %s state is %zu bytes): it was made by %s, or its \"game\" was "
                            "changed",
                            ld->file, r->game->id, r->state_size, (*g)->id, r->game->id,
                            r->game->state_size, (*g)->id);
    }
    return 0;
}

/* "engine" and "game": strings; the game must be registered (exact id). */
static int ld_head(const Ld *ld, json_t *root, Record *r)
{
    json_t *e = json_object_get(root, "engine"), *g = json_object_get(root, "game");
    if (!e)
        return ld_err(ld, "engine", "missing");
    if (!json_is_string(e))
        return ld_err(ld, "engine", "expected a string");
    if (ld_printable(ld, "engine", json_string_value(e)) < 0) /* printed by replay --verify's messages */
        return -1;
    snprintf(r->engine, sizeof r->engine, "%s", json_string_value(e));
    if (!g)
        return ld_err(ld, "game", "missing");
    if (!json_is_string(g))
        return ld_err(ld, "game", "expected a string");
    r->game = games_find(json_string_value(g));
    if (!r->game || strcmp(r->game->id, json_string_value(g)) != 0) {
        char m[128];
        snprintf(m, sizeof m, "unknown game '%.80s'", json_string_value(g));
        return ld_err(ld, "game", m);
    }
    long long size = 0;
    if (ld_int(ld, root, "", "state_size", false, 1, 1 << 24, &size) < 0)
        return -1;
    r->state_size = (size_t)size;
    if (ld_state_of_other_game(ld, r) < 0)
        return -1;
    return ld_seed(ld, root, r);
}

/* "final_dice" and "dropped_dice": optional hex digests. Beside
 * "final_dice" a missing "dropped_dice" means no die was dropped (it is
 * written only then), so that dice added to "taken_back" are seen too. */
static int ld_final_dice(const Ld *ld, json_t *root, Record *r)
{
    json_t *fd = json_object_get(root, "final_dice"), *dd = json_object_get(root, "dropped_dice");
    if (fd && ld_hex(ld, fd, "final_dice", &r->final_dice) < 0)
        return -1;
    if (dd && ld_hex(ld, dd, "dropped_dice", &r->dropped_dice) < 0)
        return -1;
    r->has_final_dice = fd != NULL;
    r->has_dropped_dice = dd || fd;
    if (!dd)
        r->dropped_dice = dice_basis;
    return 0;
}

/* Every field of the parsed document, in file order. */
static int ld_root(const Ld *ld, json_t *root, Record *r)
{
    static const char *const keys[] = {"engine", "game", "state_size", "seed", "sealed_seed", "options", "actions",
                                       "rolls", "hashes", "final_hash", "players", "dice", "pending",
                                       "pending_rolls", "taken_back", "final_dice", "dropped_dice", NULL};
    if (!json_is_object(root))
        return diag_set(ld->d, "%s: expected a JSON object", ld->file);
    if (ld_known_keys(ld, root, "", keys) < 0 || ld_head(ld, root, r) < 0 ||
        ld_options(ld, root, r) < 0 || ld_actions(ld, root, r) < 0 ||
        ld_rolls(ld, root, r) < 0 || ld_pending(ld, root, r) < 0 || ld_hashes(ld, root, r) < 0 ||
        ld_players(ld, root, r) < 0 || ld_taken_back(ld, root, r) < 0)
        return -1;
    json_t *fh = json_object_get(root, "final_hash");
    if (fh) {
        if (ld_hex(ld, fh, "final_hash", &r->final_hash) < 0)
            return -1;
        r->has_final = true;
    }
    return ld_final_dice(ld, root, r);
}

/* How much to read next into a buffer of cap bytes holding n: what fits
 * (keeping a byte for the NUL), and no more than one byte past the
 * largest record, enough to know the file is too large. */
static size_t read_room(size_t cap, size_t n)
{
    size_t room = cap - n - 1, left = (size_t)RECORD_MAX_BYTES + 1 - n;
    return room < left ? room : left;
}

/* The whole file at path, NUL-terminated, into *text (malloc'd), its
 * length into *len; -1 with d saying why (a directory is named as such:
 * reading one would only give an empty document). */
static int read_file(const char *path, char **text, size_t *len, Diag *d)
{
    if (!*path)
        return diag_set(d, "the record's file name is empty");
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
        return diag_set(d, "%s is a directory, not a record file", path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return diag_set(d, "%s: %s", path, strerror(errno));
    size_t cap = 4096, n = 0;
    char *b = malloc(cap);
    for (size_t got; b && n <= RECORD_MAX_BYTES && (got = fread(b + n, 1, read_room(cap, n), f)) > 0;) {
        n += got;
        if (n + 1 == cap)
            b = grow_text(b, &cap);
    }
    bool bad = ferror(f);
    fclose(f);
    if (!b)
        return diag_set(d, "%s: out of memory", path);
    if (n > RECORD_MAX_BYTES) { /* an endless file (/dev/zero) is not read until memory runs out */
        free(b);
        return diag_set(d, "%s: too large for a record (more than %d MiB)", path, RECORD_MAX_BYTES >> 20);
    }
    if (bad) {
        free(b);
        return diag_set(d, "%s: read failed", path);
    }
    b[n] = '\0';
    *text = b;
    *len = n;
    return 0;
}

/* The object key whose value ends at byte pos of text ("seed" in
 * "seed":1e99), into key; false when the text there is no key's value. */
static bool key_before(const char *text, size_t pos, char *key, size_t n)
{
    size_t i = pos;
    while (i > 0 && strchr(" \t\r\n0123456789+-.eE", text[i - 1]))
        i--;
    while (i > 0 && strchr(" \t\r\n", text[i - 1]))
        i--;
    if (i < 3 || text[i - 1] != ':')
        return false;
    for (i--; i > 0 && strchr(" \t\r\n", text[i - 1]);)
        i--;
    if (i < 2 || text[i - 1] != '"')
        return false;
    size_t end = --i;
    while (i > 0 && text[i - 1] != '"')
        i--;
    if (i == 0)
        return false;
    snprintf(key, n, "%.*s", (int)(end - i), text + i);
    return true;
}

/* A JSON syntax error as "FILE:LINE:COL: msg"; an integer jansson cannot
 * hold is named by its field, which jansson's own message does not say. */
static int json_syntax_error(const char *path, const char *text, const json_error_t *err, Diag *d)
{
    char key[64];
    if (strncmp(err->text, "too big integer", 15) == 0 && err->position >= 0 &&
        key_before(text, (size_t)err->position, key, sizeof key))
        return diag_set(d, "%s:%d:%d: %s: number too large (at most %" PRId64 ")", path, err->line,
                        err->column, key, (int64_t)INT64_MAX);
    if (strstr(err->text, "JSON_ALLOW_NUL")) /* (jansson names its own flag) */
        return diag_set(d, "%s:%d:%d: a string holds a NUL character (\\u0000), which no record has", path,
                        err->line, err->column);
    return diag_set(d, "%s:%d:%d: %s", path, err->line, err->column, err->text);
}

/* A failure's message quotes what the file says (a key, a game's name, an
 * option, jansson's "near '...'"): its control characters are written as
 * escapes (\n, \t, \x1b), so that it stays one line and sends nothing to
 * the terminal. Returns -1. */
static int escape_controls(Diag *d)
{
    if (!d)
        return -1;
    char out[sizeof d->msg];
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)d->msg; *p && n + 8 < sizeof out; p++) { /* (an escape: 6) */
        if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) /* a C1 control in UTF-8 (CSI: a terminal obeys it too) */
            n += (size_t)snprintf(out + n, sizeof out - n, "\\u%04x", p[1]), p++;
        else if (*p >= 0x20 && *p != 0x7f)
            out[n++] = (char)*p;
        else
            n += (size_t)snprintf(out + n, sizeof out - n, *p == '\n' ? "\\n" : *p == '\t' ? "\\t" : "\\x%02x", *p);
    }
    out[n] = '\0';
    memcpy(d->msg, out, n + 1);
    return -1;
}

/* record_load but for the escapes of the message. */
static int load_parsed(Record *r, const char *path, Diag *d)
{
    memset(r, 0, sizeof *r);
    char *text = NULL;
    size_t len = 0;
    if (read_file(path, &text, &len, d) < 0)
        return -1;
    const char *nul = memchr(text, '\0', len); /* JSON text holds none; jansson would only say "end of file" */
    if (nul) {
        diag_set(d, "%s: a NUL byte at offset %zu: not a record (records are JSON text)", path, (size_t)(nul - text));
        free(text);
        return -1;
    }
    /* A byte-order mark, which an editor may put before the text: JSON
     * readers may pass over it (RFC 8259, 8.1), and jansson does not. */
    size_t bom = 0;
    while (len - bom >= 3 && memcmp(text + bom, "\xEF\xBB\xBF", 3) == 0) /* (an editor's twice, a tester's) */
        bom += 3;
    json_error_t err;
    json_t *root = json_loadb(text + bom, len - bom, JSON_REJECT_DUPLICATES, &err);
    if (!root) {
        json_syntax_error(path, text + bom, &err, d);
        free(text);
        return -1;
    }
    free(text);
    Ld ld = {path, d};
    int rc = ld_root(&ld, root, r);
    json_decref(root);
    return rc;
}

int record_load(Record *r, const char *path, Diag *d)
{
    return load_parsed(r, path, d) < 0 ? escape_controls(d) : 0;
}

/* ------------------------------------------------------------------ */
/* Replay                                                              */
/* ------------------------------------------------------------------ */

typedef struct ReplayDice {
    const Record *r;
    Record       *fill; /* r itself, to note the generator's dice past its rolls (record_replay_filled) */
    size_t        next;
    uint64_t      dig; /* digest of the rolls used so far (record_dice_digest of the first `next`) */
    bool          bad;
    char          msg[160];
} ReplayDice;

/* GameIO.roll: the next recorded roll, or 0 (the generator) when none is
 * left, or GAME_ROLLED_BY_ECW when the record says the generator rolled a
 * die asked of the referee (value 0). A roll with
 * other sides than asked for marks a divergence. */
static int replay_roll(void *ud, int sides, int player, const char *why)
{
    (void)player;
    ReplayDice *rd = ud;
    if (rd->next >= rd->r->nrolls && !rd->fill)
        return 0;
    if (rd->next >= rd->r->nrolls) /* ecw rolled it then: noted so, in its place (a play-tester's auto-dice game
                                    * resumed with typed dice fed them to the game's first dice on --load) */
        record_add_roll(rd->fill, sides, 0);
    const RecRoll *rr = &rd->r->rolls[rd->next++];
    rd->dig = dice_step(rd->dig, rr->sides, rr->value);
    if (rr->sides != sides && !rd->bad) {
        rd->bad = true;
        snprintf(rd->msg, sizeof rd->msg, "rolls[%zu] is a d%d but the game asked for a d%d (%s)",
                 rd->next - 1, rr->sides, sides, why);
    }
    return rr->value ? rr->value : GAME_ROLLED_BY_ECW;
}

/* Action i refused: named as its fields say (what was checked), and by the
 * record's own text too where that says something else (an edited file). */
static int refused_step(const GameOps *g, const void *st, size_t i, const RecAction *ra, const char *why, Diag *d)
{
    char said[RECORD_TEXT];
    g->describe(st, &ra->a, said, sizeof said);
    if (strcmp(said, ra->text) == 0)
        return diag_set(d, "action %zu (%s): illegal: %s", i, said, why);
    if (!ra->text[0]) /* (a tester's record without the text read "says ''") */
        return diag_set(d, "action %zu (%s; the record gives no text for it): illegal: %s", i, said, why);
    return diag_set(d, "action %zu (%s; its text in the record says '%s'): illegal: %s", i, said, ra->text, why);
}

/* --verify: does the record's text of action i name the action its fields
 * hold? Read back (parse, then told again) where the words differ, so
 * that a record written by an ecw that told actions otherwise still
 * passes. -1 with d filled if it names another (an edited file: an
 * analyst's changed text passed unseen, the fields alone being played). */
static int text_disagrees(const GameOps *g, const void *st, size_t i, const RecAction *ra, Diag *d)
{
    char said[RECORD_TEXT], read[RECORD_TEXT];
    if (!ra->text[0])
        return 0;
    g->describe(st, &ra->a, said, sizeof said);
    if (strcmp(said, ra->text) == 0)
        return 0;
    Action b;
    Diag pd = {{0}};
    if (g->parse(st, ra->text, &b, &pd) >= 0) {
        g->describe(st, &b, read, sizeof read);
        if (strcmp(said, read) == 0)
            return 0;
    }
    return diag_set(d, "action %zu (%s): its text in the record says '%s', another action: the file was edited",
                    i, said, ra->text);
}

/* Check the action at index i (and with verify its text) and apply it;
 * with d filled, -1 if refused, -2 if its text names another action. */
static int replay_step(const Record *r, void *st, size_t i, GameIO *io, ReplayDice *rd, bool verify,
                       Diag *d, ReplayShow shown, void *ud)
{
    const GameOps *g = r->game;
    const RecAction *ra = &r->actions[i];
    Diag cd = {{0}};
    if (g->terminal(st))
        return diag_set(d, "action %zu (%s): the game is already over", i, ra->text);
    if (g->check(st, &ra->a, &cd) < 0)
        return refused_step(g, st, i, ra, cd.msg, d);
    if (verify && text_disagrees(g, st, i, ra, d) < 0)
        return -2; /* not refused by the rules: no hint of another ecw's */
    if (shown)
        shown(ud, st, g->current_player(st), ra, rd->next);
    if (io->log)
        io->log->turn = g->turn(st);
    g->apply(st, &ra->a, io);
    if (rd->bad)
        return diag_set(d, "action %zu (%s): %s", i, ra->text, rd->msg);
    return 0;
}

/* Where the dice digests stand in a replay: what the last check that
 * passed covered, from which a die that differs is looked for. */
typedef struct DiceMark {
    size_t   n;       /* the record's rolls as read (before any filled in: record_replay_filled) */
    uint64_t whole;   /* their digest, which a check taken past them covered */
    size_t   opening; /* the rolls the game's opening used */
    size_t   roll;    /* rolls used by the last check passed (0: none yet) */
    size_t   at;      /* actions applied by then */
} DiceMark;

/* "a die among rolls 37..52 (those of actions 120..129)": where a die of
 * the rolls from the last check passed to `hi` lies, which actions from
 * it up to `to` (and the pending action, if named) used, into b; "the
 * die rolls[37] (of action 120)" for one. */
static void dice_span(char *b, size_t n, const DiceMark *m, size_t hi, size_t to, const char *pending)
{
    char who[RECORD_TEXT + 96] = "";
    size_t len = 0, lo = m->roll < hi ? m->roll : hi;
    if (m->at == 0 && m->opening > 0 && lo < m->opening)
        len += (size_t)snprintf(who, sizeof who, "the opening");
    if (to > m->at + 1)
        len += (size_t)snprintf(who + len, sizeof who - len, "%sactions %zu..%zu", len ? " and " : "", m->at, to - 1);
    else if (to == m->at + 1)
        len += (size_t)snprintf(who + len, sizeof who - len, "%saction %zu", len ? " and " : "", m->at);
    if (pending && len < sizeof who)
        snprintf(who + len, sizeof who - len, "%sthe pending action (%s)", len ? " and " : "", pending);
    if (!who[0]) /* dice past those the actions used */
        snprintf(who, sizeof who, "none of the actions: past the last one's");
    if (hi > lo + 1)
        snprintf(b, n, "a die among rolls %zu..%zu (those of %s)", lo, hi - 1, who);
    else if (hi == lo + 1)
        snprintf(b, n, "the die rolls[%zu] (of %s)", lo, who);
    else
        snprintf(b, n, "a die of %s (the record holds none for them now)", who);
}

/* With verify: do the rolls the replay used by hash h (after action
 * h->at - 1) digest to what it keeps? One past the record's rolls as read
 * (filled in since) was taken over those rolls. -1 with d filled. */
static int dice_check(const Record *r, const ReplayDice *rd, DiceMark *m, const RecHash *h, Diag *d)
{
    size_t i = h->at - 1, used = rd->next > m->n ? m->n : rd->next;
    uint64_t want = rd->next > m->n ? m->whole : rd->dig;
    if (!h->has_dice)
        return 0;
    if (want == h->dice) {
        m->roll = rd->next, m->at = h->at;
        return 0;
    }
    char where[RECORD_TEXT + 192];
    dice_span(where, sizeof where, m, used, h->at, NULL);
    return diag_set(d, "action %zu (%s): dice differ from the record (dice digest at %zu): %s was edited, added or "
                       "removed (an edited file)", i, r->actions[i].text, h->at, where);
}

/* With verify, once every action is applied: every roll (the pending
 * action's too), and the dice dropped with the actions taken back. -1
 * with d filled if either differs from its digest. */
static int dice_final(const Record *r, const DiceMark *m, Diag *d)
{
    size_t last = r->nactions ? r->nactions - 1 : 0;
    if (r->has_final_dice && m->whole != r->final_dice) {
        char where[RECORD_TEXT + 192];
        dice_span(where, sizeof where, m, m->n, r->nactions, r->has_pending ? r->pending.text : NULL);
        return diag_set(d, "final dice differ from the record (after action %zu): %s was edited, added or removed "
                           "(an edited file)", last, where);
    }
    if (r->has_dropped_dice && dropped_digest(r) != r->dropped_dice)
        return diag_set(d, "the dice dropped with the actions taken back differ from the record (taken_back[]."
                           "dropped, after action %zu): one was edited, added or removed (an edited file)", last);
    return 0;
}

/* Once every action is applied: the dice digests and the final hash
 * (with verify) and the rolls left over (always: the record's dice are
 * not its actions', and a game resumed from it would feed them to the
 * next actions). */
static long replay_final(const Record *r, const void *st, const ReplayDice *rd, const DiceMark *m, bool verify,
                         Diag *d)
{
    if (verify && dice_final(r, m, d) < 0)
        return r->nactions ? (long)r->nactions - 1 : 0;
    if (verify && r->has_final && game_hash(r->game, st) != r->final_hash) {
        diag_set(d, "final state differs from the record (after action %zu): an action or a die since the last "
                    "check is not what the game was played with (an edited file), or another ecw made it",
                 r->nactions ? r->nactions - 1 : 0);
        return r->nactions ? (long)r->nactions - 1 : 0;
    }
    size_t left = r->nrolls - rd->next, pending = r->has_pending ? r->pending_rolls : 0;
    if (rd->next > r->nrolls - pending) {
        diag_set(d, "the actions used %zu of the %zu rolls typed for the pending action (%s)",
                 rd->next - (r->nrolls - pending), pending, r->pending.text);
        return r->nactions ? (long)r->nactions - 1 : 0;
    }
    if (left > pending) {
        diag_set(d, "%zu recorded rolls were never used", left - pending);
        return r->nactions ? (long)r->nactions - 1 : 0;
    }
    return REPLAY_OK;
}

/* Can this engine compare the record's hashes? Only with a state of the
 * size they were taken from. */
static bool hashes_comparable(const Record *r, Diag *d)
{
    if (r->state_size == 0 || r->state_size == r->game->state_size)
        return true;
    diag_set(d,
             "cannot verify: the record's state hashes were taken by ecw %s from a %zu-byte "
             "%s state, and this ecw's state is %zu bytes; replay it without --verify",
             r->engine, r->state_size, r->game->id, r->game->state_size);
    return false;
}

/* After a refused action: when the record's state had another size, say
 * so, since an engine of another version (other rules) is the likely
 * cause; else say that records replay under this ecw's rules (a rule
 * changed since the record was made keeps the same state size). */
static void add_layout_hint(const Record *r, Diag *d)
{
    size_t len = strlen(d->msg);
    if (!r->state_size || r->state_size == r->game->state_size) {
        snprintf(d->msg + len, sizeof d->msg - len,
                 " (a record is replayed under this ecw's rules: one made before a rule changed, or "
                 "edited by hand, stops where they disagree)");
        return;
    }
    snprintf(d->msg + len, sizeof d->msg - len,
             " (the record's state_size is %zu bytes and this ecw's %s state %zu: another "
             "version of ecw, with other rules, made it, or it is not a record of %s)",
             r->state_size, r->game->id, r->game->state_size, r->game->id);
}

long record_replay(const Record *r, void *st, EventLog *log, bool verify, Diag *d)
{
    return record_replay_shown(r, st, log, verify, d, NULL, NULL);
}

static long replay_all(const Record *r, Record *fill, void *st, EventLog *log, bool verify, Diag *d,
                       ReplayShow shown, void *ud);

long record_replay_shown(const Record *r, void *st, EventLog *log, bool verify, Diag *d, ReplayShow shown,
                         void *ud)
{
    return replay_all(r, NULL, st, log, verify, d, shown, ud);
}

long record_replay_filled(Record *r, void *st, EventLog *log, bool verify, Diag *d, ReplayShow shown, void *ud)
{
    return replay_all(r, r->has_pending ? NULL : r, st, log, verify, d, shown, ud);
}

/* The event's "dropped": the dice typed for the action taken back. */
static void tell_dropped(EventLog *log, const RecTakenBack *t)
{
    Jw *w = evlog_jw(log);
    jw_key(w, "dropped");
    jw_arr(w);
    for (size_t k = 0; k < t->ndropped; k++)
        jw_int(w, t->dropped[k]);
    jw_arr_end(w);
}

void record_tell_taken_back(const RecTakenBack *t, EventLog *log, bool earlier)
{
    const char *when = earlier ? "earlier, " : "";
    char dice[RECORD_DROPPED * 12] = "";
    for (size_t k = 0, len = 0; k < t->ndropped; k++) {
        int n = snprintf(dice + len, sizeof dice - len, "%s%d", k ? ", " : "", t->dropped[k]);
        len += n > 0 && (size_t)n < sizeof dice - len ? (size_t)n : 0;
    }
    if (!t->withdrawn && evlog_begin(log, "undo", VIS_PUBLIC)) { /* "actions": how many the record keeps */
        evlog_str(log, "side", t->side);
        evlog_str(log, "action", t->text);
        evlog_int(log, "replies", (int64_t)t->replies);
        evlog_int(log, "actions", (int64_t)t->at);
        if (t->ndropped)
            tell_dropped(log, t);
        if (earlier)
            evlog_int(log, "recorded", 1);
        char also[RECORD_DROPPED * 12 + 64] = "";
        if (t->ndropped)
            snprintf(also, sizeof also, "; the di%s typed for it (%s) %s dropped", t->ndropped == 1 ? "e" : "ce", dice,
                     t->ndropped == 1 ? "is" : "are");
        if (t->replies)
            evlog_end(log, "%s%s takes back: %s (and the computer's %zu repl%s)%s", when, t->side, t->text, t->replies,
                      t->replies == 1 ? "y" : "ies", also);
        else
            evlog_end(log, "%s%s takes back: %s%s", when, t->side, t->text, also);
    } else if (t->withdrawn && evlog_begin(log, "withdrawn", VIS_PUBLIC)) {
        evlog_str(log, "action", t->text);
        tell_dropped(log, t);
        if (earlier)
            evlog_int(log, "recorded", 1);
        if (t->ndropped)
            evlog_end(log, "%swithdrawn: %s; the di%s typed for it (%s) %s dropped", when, t->text,
                      t->ndropped == 1 ? "e" : "ce", dice, t->ndropped == 1 ? "is" : "are");
        else
            evlog_end(log, "%swithdrawn: %s; no die had been typed for it", when, t->text);
    }
}

/* The record's taken-back entries that stand before action `at` (from
 * *next on), told again as the play told them, "earlier, ..." with
 * "recorded":1: a log written on a replay or after a break holds every
 * die typed and every order taken back (a referee's withdrawn die was
 * gone from the log of the sitting after it). */
static void tell_taken_back(const Record *r, size_t at, size_t *next, EventLog *log)
{
    for (; *next < r->ntaken && r->taken[*next].at == at; (*next)++)
        record_tell_taken_back(&r->taken[*next], log, true);
}

static long replay_all(const Record *r, Record *fill, void *st, EventLog *log, bool verify, Diag *d,
                       ReplayShow shown, void *ud)
{
    const GameOps *g = r->game;
    if (verify && !hashes_comparable(r, d))
        return REPLAY_INCOMPARABLE;
    if (g->setup(st, &r->opt, r->seed, d) < 0)
        return REPLAY_SETUP_FAILED;
    ReplayDice rd = {r, fill, 0, dice_basis, false, ""};
    DiceMark m = {r->nrolls, record_dice_digest(r->rolls, r->nrolls), 0, 0, 0};
    GameIO io = {log, replay_roll, &rd};
    game_begin(g, st, &io);
    m.opening = rd.next;
    size_t hi = 0, ti = 0;
    for (size_t i = 0; i < r->nactions; i++) {
        if (log)
            log->turn = g->turn(st);
        tell_taken_back(r, i, &ti, log);
        int step = replay_step(r, st, i, &io, &rd, verify, d, shown, ud);
        if (step < 0) {
            if (step == -1)
                add_layout_hint(r, d);
            return (long)i;
        }
        for (; hi < r->nhashes && r->hashes[hi].at <= i + 1; hi++) {
            if (verify && r->hashes[hi].at == i + 1 && dice_check(r, &rd, &m, &r->hashes[hi], d) < 0)
                return (long)i; /* (before the state's: it says which dice) */
            if (fill && r->hashes[hi].has_dice && rd.next > m.n) /* the dice it covered, and those filled in */
                fill->hashes[hi].dice = rd.dig;
            if (verify && r->hashes[hi].at == i + 1 &&
                game_hash(g, st) != r->hashes[hi].hash) {
                diag_set(d, "action %zu (%s): state differs from the record (hash at %zu)%s", i,
                         r->actions[i].text, i + 1,
                         r->state_size ? ": the seed, an option, an action or a die at or before it (the state is "
                                         "checked every few actions, so the change may lie some actions earlier) is "
                                         "not what the game was played with (an edited file), or another ecw made it"
                                       : "; the record does not say which state layout it "
                                         "hashed: if an older ecw made it, replay it without "
                                         "--verify");
                return (long)i;
            }
        }
    }
    if (log)
        log->turn = g->turn(st);
    tell_taken_back(r, r->nactions, &ti, log);
    return replay_final(r, st, &rd, &m, verify, d);
}

char *record_default_dir(char *buf, size_t n)
{
    const char *x = getenv("XDG_DATA_HOME");
    int len;
    if (x && x[0] == '/') {
        len = snprintf(buf, n, "%s/ecw", x);
    } else {
        const char *home = getenv("HOME");
        if (!home || !*home)
            return NULL;
        len = snprintf(buf, n, "%s/.local/share/ecw", home);
    }
    return len >= 0 && (size_t)len < n ? buf : NULL;
}
