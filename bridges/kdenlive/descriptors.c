/*
 * descriptors.c — writes the Kdenlive transition descriptors for every
 * entry of ../shared/transitions.h into the folder given, in the format of
 * Kdenlive's own data/transitions/ files, two per entry:
 *  - segue_<name>.xml for the frei0r file (bridges/frei0r): position
 *    animated from 0 to 1 over the composition, the easing as a list, and
 *    the effect parameters as widgets in their real units (Kdenlive shows
 *    value × factor + offset of frei0r's 0…1);
 *  - segue.<name>.xml for the MLT module's service (bridges/mlt): the
 *    easing and the effect parameters, in their real units; the progress
 *    is the composition's own.
 * Kdenlive lists a descriptor only when MLT has its service, so with the
 * module linked into MLT's folder both appear, the frei0r one marked so.
 *
 *     kdenlive-descriptors OUTPUT_FOLDER
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../shared/transitions.h"

/* Text with XML's special characters escaped. */
static void escaped(FILE *out, const char *text)
{
    for (; *text; text++) {
        switch (*text) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*text, out);
        }
    }
}

/* "segue_slidingdoor" → "Segue slidingdoor": the name Kdenlive lists, with
 * "(frei0r)" after the frei0r file's. */
static void title(FILE *out, const char *file, int native)
{
    fputs("Segue ", out);
    escaped(out, file + strlen("segue_"));
    if (!native) fputs(" (frei0r)", out);
}

/* An enum's cases as Kdenlive shows them: ".trailing|.leading" → "Trailing,Leading". */
static void case_names(FILE *out, const bridge_param *param)
{
    for (size_t i = 0; i < bridge_case_count(param); i++) {
        size_t length;
        const char *c = bridge_case(param, i, &length);
        if (i) fputc(',', out);
        if (*c == '.') c++, length--;
        fprintf(out, "%c%.*s", toupper((unsigned char)*c), (int)length - 1, c + 1);
    }
}

/* An enum as a list: frei0r's values are case i at i / n, the module's the cases themselves. */
static void enum_parameter(FILE *out, const bridge_param *param, int native)
{
    size_t n = bridge_case_count(param), length;
    const char *fallback = bridge_case(param, (size_t)param->fallback, &length);
    if (native)
        fprintf(out, "    <parameter type=\"list\" name=\"%s\" default=\"%.*s\" paramlist=\"", param->name,
                (int)length, fallback);
    else
        fprintf(out, "    <parameter type=\"list\" name=\"%s\" default=\"%g\" paramlist=\"", param->name,
                param->fallback / (double)n);
    for (size_t i = 0; i < n; i++) {
        const char *text = bridge_case(param, i, &length);
        if (native)
            fprintf(out, "%s%.*s", i ? ";" : "", (int)length, text);
        else
            fprintf(out, "%s%g", i ? ";" : "", (double)i / (double)n);
    }
    fputs("\">\n        <paramlistdisplay>", out);
    case_names(out, param);
    fprintf(out, "</paramlistdisplay>\n        <name>%s</name>\n        <comment>", param->name);
    escaped(out, param->meaning);
    fputs("</comment>\n    </parameter>\n", out);
}

/* A number: frei0r's 0…1 shown as low + v × (high − low), the module's as it is. */
static void number_parameter(FILE *out, const bridge_param *param, int native)
{
    fprintf(out, "    <parameter type=\"constant\" name=\"%s\" min=\"%g\" max=\"%g\" default=\"%g\"", param->name,
            param->low, param->high, param->fallback);
    if (!native) fprintf(out, " factor=\"%g\" offset=\"%g\"", param->high - param->low, param->low);
    fprintf(out, "%s>\n        <name>%s</name>\n        <comment>",
            param->kind == BRIDGE_INTEGER ? " decimals=\"0\"" : " decimals=\"2\"", param->name);
    escaped(out, param->meaning);
    fputs("</comment>\n    </parameter>\n", out);
}

/* segue_<name>.xml for the frei0r file, or segue.<name>.xml for the module's service. */
static int write_descriptor(const char *folder, const bridge_transition *t, int native)
{
    char service[128], path[4096];
    if (native)
        snprintf(service, sizeof service, "segue.%s", t->file + strlen("segue_"));
    else
        snprintf(service, sizeof service, "frei0r.%s", t->file);
    snprintf(path, sizeof path, "%s/%s.xml", folder, native ? service : t->file);
    FILE *out = fopen(path, "w");
    if (!out) {
        perror(path);
        return 0;
    }
    fprintf(out, "<?xml version=\"1.0\"?>\n<!DOCTYPE kpartgui>\n<transition tag=\"%s\" id=\"%s\">\n", service,
            service);
    fputs("    <name>", out);
    title(out, t->file, native);
    fputs("</name>\n    <description>", out);
    escaped(out, t->explanation);
    fputs("</description>\n    <author>Segue</author>\n", out);
    if (!native)
        fputs("    <parameter type=\"animated\" name=\"position\" min=\"0\" max=\"1\" default=\"0=0;-1=1\" "
              "factor=\"1\">\n        <name>Progress</name>\n    </parameter>\n", out);
    fputs("    <parameter type=\"list\" name=\"animation\" default=\"\" "
          "paramlist=\";.smooth;.snappy;.bouncy;.easeInOut(duration: 1);.easeIn(duration: 1);.easeOut(duration: 1)\">\n"
          "        <paramlistdisplay>Linear,Smooth,Snappy,Bouncy,Ease in and out,Ease in,Ease out</paramlistdisplay>\n"
          "        <name>Easing</name>\n    </parameter>\n", out);
    for (size_t i = 0; i < t->param_count; i++) {
        if (t->params[i].kind == BRIDGE_ENUM) enum_parameter(out, &t->params[i], native);
        else number_parameter(out, &t->params[i], native);
    }
    if (!native) {
        fputs("    <parameter type=\"fixed\" name=\"duration\" default=\"0\"/>\n", out);
        fputs("    <preview>\n        <parameter name=\"position\">0=0;-1=1</parameter>\n    </preview>\n", out);
    }
    fputs("</transition>\n", out);
    return fclose(out) == 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTPUT_FOLDER\n", argv[0]);
        return 2;
    }
    for (size_t i = 0; i < BRIDGE_TRANSITION_COUNT; i++)
        for (int native = 0; native <= 1; native++)
            if (!write_descriptor(argv[1], &bridge_transitions[i], native)) return 1;
    return 0;
}
