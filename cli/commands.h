/*
 * cli/commands.h - one entry point per subcommand, each in cli/cmd_<name>.c.
 * Each returns the process exit status (base/common.h).
 */
#ifndef CB_COMMANDS_H
#define CB_COMMANDS_H

int cb_cmd_speed(int argc, char **argv);
int cb_cmd_list(int argc, char **argv);
int cb_cmd_caps(int argc, char **argv);

/* cb_caps_sweep is `caps -sweep` (cli/caps_sweep.c), which cb_cmd_caps hands over to. */
int cb_caps_sweep(int argc, char **argv);
int cb_cmd_selftest(int argc, char **argv);
int cb_cmd_kat(int argc, char **argv);
int cb_cmd_compare(int argc, char **argv);
int cb_cmd_import(int argc, char **argv);
int cb_cmd_export(int argc, char **argv);
int cb_cmd_plot(int argc, char **argv);
int cb_cmd_audit(int argc, char **argv);

#endif
