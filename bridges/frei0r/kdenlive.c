/*
 * kdenlive.c — writes one Kdenlive transition descriptor per frei0r file of
 * ../shared/transitions.h into the folder given, in the format of Kdenlive's own
 * data/transitions/ files: position animated from 0 to 1 over the
 * composition, the easing as a list, and the effect parameters as widgets
 * in their real units (Kdenlive shows value × factor + offset).
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

/* "segue_slidingdoor" → "Segue slidingdoor": the name Kdenlive lists. */
static void title(FILE *out, const char *file)
{
    fputs("Segue ", out);
    escaped(out, file + strlen("segue_"));
}

static void enum_parameter(FILE *out, const bridge_param *param)
{
    size_t n = bridge_case_count(param);
    fprintf(out, "    <parameter type=\"list\" name=\"%s\" default=\"%g\" paramlist=\"", param->name,
            param->fallback / (double)n);
    for (size_t i = 0; i < n; i++) fprintf(out, "%s%g", i ? ";" : "", (double)i / (double)n);
    fputs("\">\n        <paramlistdisplay>", out);
    const char *c = param->cases;
    for (size_t i = 0; i < n; i++) {
        size_t length = strcspn(c, "|");
        if (i) fputc(',', out);
        if (*c == '.') c++, length--;
        fprintf(out, "%c%.*s", toupper((unsigned char)*c), (int)length - 1, c + 1);
        c += length + (c[length] == '|');
    }
    fprintf(out, "</paramlistdisplay>\n        <name>%s</name>\n        <comment>", param->name);
    escaped(out, param->meaning);
    fputs("</comment>\n    </parameter>\n", out);
}

static void number_parameter(FILE *out, const bridge_param *param)
{
    double span = param->high - param->low;
    fprintf(out,
            "    <parameter type=\"constant\" name=\"%s\" min=\"%g\" max=\"%g\" default=\"%g\" factor=\"%g\" "
            "offset=\"%g\"%s>\n        <name>%s</name>\n        <comment>",
            param->name, param->low, param->high, param->fallback, span, param->low,
            param->kind == BRIDGE_INTEGER ? " decimals=\"0\"" : " decimals=\"2\"", param->name);
    escaped(out, param->meaning);
    fputs("</comment>\n    </parameter>\n", out);
}

static int write_descriptor(const char *folder, const bridge_transition *t)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.xml", folder, t->file);
    FILE *out = fopen(path, "w");
    if (!out) {
        perror(path);
        return 0;
    }
    fprintf(out, "<?xml version=\"1.0\"?>\n<!DOCTYPE kpartgui>\n<transition tag=\"frei0r.%s\" id=\"frei0r.%s\">\n",
            t->file, t->file);
    fputs("    <name>", out);
    title(out, t->file);
    fputs("</name>\n    <description>", out);
    escaped(out, t->explanation);
    fputs("</description>\n    <author>Segue</author>\n", out);
    fputs("    <parameter type=\"animated\" name=\"position\" min=\"0\" max=\"1\" default=\"0=0;-1=1\" factor=\"1\">\n"
          "        <name>Progress</name>\n    </parameter>\n", out);
    fputs("    <parameter type=\"list\" name=\"animation\" default=\"\" "
          "paramlist=\";.smooth;.snappy;.bouncy;.easeInOut(duration: 1);.easeIn(duration: 1);.easeOut(duration: 1)\">\n"
          "        <paramlistdisplay>Linear,Smooth,Snappy,Bouncy,Ease in and out,Ease in,Ease out</paramlistdisplay>\n"
          "        <name>Easing</name>\n    </parameter>\n", out);
    for (size_t i = 0; i < t->param_count; i++) {
        if (t->params[i].kind == BRIDGE_ENUM) enum_parameter(out, &t->params[i]);
        else number_parameter(out, &t->params[i]);
    }
    fputs("    <parameter type=\"fixed\" name=\"duration\" default=\"0\"/>\n", out);
    fputs("    <preview>\n        <parameter name=\"position\">0=0;-1=1</parameter>\n    </preview>\n</transition>\n",
          out);
    return fclose(out) == 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTPUT_FOLDER\n", argv[0]);
        return 2;
    }
    for (size_t i = 0; i < BRIDGE_TRANSITION_COUNT; i++)
        if (!write_descriptor(argv[1], &bridge_transitions[i])) return 1;
    return 0;
}
