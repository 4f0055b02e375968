package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"souk/app/account"
	"souk/app/action"
	"souk/app/auth"
	"souk/app/i18n"
	"souk/persistence"
	"souk/webui"
)

// adminPasswordEnv carries the password of souk admin, so that it stays
// out of the shell's history.
const adminPasswordEnv = "SOUK_ADMIN_PASSWORD"

const adminUsage = `usage: souk admin create         --email E | --phone P [--name N] [--data DIR | --db URL]
       souk admin reset-password --email E | --phone P | --id N [--data DIR | --db URL]
The password comes from --password or, better, ` + adminPasswordEnv + `.
`

// adminFlags are souk admin's flags: the database as souk serve takes it,
// the member, and the password.
type adminFlags struct {
	data, db, email, phone, name, password string
	id                                     int64
}

func parseAdminFlags(name string, args []string, stderr io.Writer, withID, withName bool) (adminFlags, error) {
	var f adminFlags
	fs := flag.NewFlagSet("admin "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.data, "data", envOr("SOUK_DATA", "./data"), "data folder of the embedded database (env SOUK_DATA)")
	fs.StringVar(&f.db, "db", os.Getenv("SOUK_DB"), "database: empty for SQLite in the data folder, or a postgres:// URL (env SOUK_DB)")
	fs.StringVar(&f.email, "email", "", "the member's email")
	fs.StringVar(&f.phone, "phone", "", "the member's phone, with its +dial code")
	if withID {
		fs.Int64Var(&f.id, "id", 0, "the member's databaseId")
	}
	if withName {
		fs.StringVar(&f.name, "name", "", "the name shown (default: from the email, or the masked phone)")
	}
	fs.StringVar(&f.password, "password", "", "the password (better: env "+adminPasswordEnv+")")
	if err := fs.Parse(args); err != nil {
		return f, err
	}
	if f.password == "" {
		f.password = os.Getenv(adminPasswordEnv)
	}
	given := 0
	for _, set := range []bool{f.email != "", f.phone != "", f.id != 0} {
		if set {
			given++
		}
	}
	if given != 1 || f.password == "" || fs.NArg() > 0 {
		fmt.Fprint(stderr, adminUsage)
		return f, errUsage
	}
	return f, nil
}

func envOr(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

// login is the email or phone the flags name.
func (f adminFlags) login() string {
	if f.email != "" {
		return f.email
	}
	return f.phone
}

// runAdmin runs `souk admin create` and `souk admin reset-password` on the
// configured database, migrated first: the first administrator of a new
// site, and a way back in for one who lost their password.
func runAdmin(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || (args[0] != "create" && args[0] != "reset-password") {
		fmt.Fprint(stderr, adminUsage)
		return errUsage
	}
	create := args[0] == "create"
	f, err := parseAdminFlags(args[0], args[1:], stderr, !create, create)
	if err != nil {
		return err
	}
	db, err := openDB(ctx, Config{Data: f.data, DB: f.db})
	if err != nil {
		return err
	}
	defer db.Close()
	if create {
		return createAdmin(ctx, db, f, stdout)
	}
	return resetPassword(ctx, db, f, stdout)
}

// adminError is err as the operator reads it: an action's refusal in
// English, anything else as it is.
func adminError(err error) error {
	var e *action.Error
	if !errors.As(err, &e) {
		return err
	}
	catalog, lerr := i18n.Load(webui.Locales(), "en")
	if lerr != nil {
		return err
	}
	return errors.New(catalog.Translate("en", e.Key, e.Args))
}

func createAdmin(ctx context.Context, db *persistence.DB, f adminFlags, stdout io.Writer) error {
	id, err := auth.CheckNewPassword(f.login(), f.password, f.name)
	if err != nil {
		return adminError(err)
	}
	hash, err := auth.HashPassword(f.password)
	if err != nil {
		return err
	}
	u, err := account.New(account.Config{DB: db}).CreateMember(ctx, id, hash, f.name, true)
	if err != nil {
		return adminError(err)
	}
	fmt.Fprintf(stdout, "administrator %s created: databaseId %d, slug %s\n", id.Value, u.ID, u.Slug)
	return nil
}

// resetPassword sets the member's password and ends every session of
// theirs: the nodes refuse the ended sessions' tokens within
// auth.RevocationPoll.
func resetPassword(ctx context.Context, db *persistence.DB, f adminFlags, stdout io.Writer) error {
	var (
		u   persistence.User
		err error
	)
	if f.id != 0 {
		u, err = db.Users().Get(ctx, f.id)
	} else {
		u, err = db.Users().GetByLogin(ctx, f.login())
	}
	if errors.Is(err, persistence.ErrNotFound) {
		return errors.New("no member is known by that id, email or phone")
	}
	if err != nil {
		return err
	}
	login := u.Email
	if login == "" {
		login = u.Phone
	}
	if login == "" {
		return errors.New("the member signs in with a social account only: a password would not let them in")
	}
	if _, err := auth.CheckNewPassword(login, f.password, u.Name, u.Slug); err != nil {
		return adminError(err)
	}
	hash, err := auth.HashPassword(f.password)
	if err != nil {
		return err
	}
	if err := db.Users().SetPasswordHash(ctx, u.ID, hash); err != nil {
		return err
	}
	if err := db.Sessions().RevokeUser(ctx, u.ID, persistence.Now()); err != nil {
		return fmt.Errorf("the password is set, but the sessions could not be ended: %w", err)
	}
	fmt.Fprintf(stdout, "password of member %s set; every session of theirs ended\n", strconv.FormatInt(u.ID, 10))
	return nil
}
