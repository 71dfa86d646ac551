/*
 * descriptors.c — writes the Kdenlive transition descriptors for every
 * entry of ../shared/transitions.h into the folder given, in the format of
 * Kdenlive's own data/transitions/ files, two per entry:
 *  - segue.<name>.xml for the MLT module's service (bridges/mlt), the one
 *    to prefer: its parameters in their real units, keyframable;
 *  - segue_<name>.xml for the frei0r file (bridges/frei0r), for a Kdenlive
 *    whose MLT lacks the module.
 * Kdenlive lists a descriptor only when MLT has its service, so with the
 * module linked into MLT's folder both appear, the frei0r one marked so.
 *
 * The parameters' kinds, ranges and defaults are read from the engine
 * (bridge_declare), so the libsegue.so whose plugins declare them is named:
 *
 *     kdenlive-descriptors LIBSEGUE OUTPUT_FOLDER
 *
 * How Kdenlive reads a descriptor, from its source (KDE/kdenlive, checked
 * in 22.12.3 as Debian ships it and in the current tree; the rules are
 * restated where they are applied below):
 *  R1. A parameter's `default` is written into the MLT property as it
 *      stands: neither divided by `factor` nor shifted by any `offset`,
 *      which Kdenlive never reads (AssetParameterModel::AssetParameterModel
 *      → parseAttribute → internalSetParameter, src/assets/model/
 *      assetparametermodel.cpp). A `value` attribute, when present, is
 *      taken instead of `default`, verbatim.
 *  R2. A number's widget shows property × factor; `min`, `max` and
 *      `decimals` are in the shown units; a value set in the widget is
 *      written back as shown ÷ factor (DoubleWidget::slotSetValue,
 *      src/widgets/doublewidget.cpp; KeyframeWidget::addParameter for
 *      keyframed ones). A missing `decimals` is 0: a whole-number spin box
 *      (DragValue, src/widgets/dragvalue.cpp).
 *  R3. An `animated` parameter is an MLT animation string ("0=8;24=12",
 *      frames from the item's start); a default without '=' is prefixed
 *      with the item's in point, "8" → "0=8" (the constructor above). In
 *      22.12 parseAttribute reads an animated default as one number, so a
 *      default of two keyframes ("0=0;-1=1") collapses to "0=0": the
 *      progress is given as `value`, which R1 keeps verbatim.
 *  R4. `type="short"` on <transition> marks a short composition, offered
 *      with the dissolve and the wipe (TransitionsRepository::
 *      parseCustomAssetFile, src/transitions/transitionsrepository.cpp);
 *      any composition may be dropped on a cut as a same-track mix
 *      (TimelineController::insertNewMix).
 *  R5. Every <parameter> element is read, also one inside <preview>, which
 *      22.12 would then take for a second `position`: there is none.
 *  R6. A list's `default` and entries are written as they stand;
 *      `paramlistdisplay` (comma-separated) names the entries of
 *      `paramlist` (semicolon-separated) when the counts agree
 *      (ListParamWidget::slotRefresh, src/assets/view/widgets/
 *      listparamwidget.cpp).
 * Tests/system/test_kdenlive.py applies these rules to every descriptor
 * and renders the result in melt.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../shared/mixer.h"

static const char who[] = "kdenlive-descriptors";

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

static void name_and_comment(FILE *out, const bridge_declaration *declaration)
{
    fprintf(out, "        <name>%s</name>\n        <comment>", declaration->param->name);
    escaped(out, declaration->meaning);
    fputs("</comment>\n    </parameter>\n", out);
}

/* An enum as a list (R6): the module takes the cases themselves, frei0r
 * the number that picks each (bridge_frei0r_value). */
static void enum_parameter(FILE *out, const bridge_declaration *declaration, int native)
{
    const char *name = declaration->param->name;
    size_t fallback = (size_t)declaration->fallback;
    if (native)
        fprintf(out, "    <parameter type=\"list\" name=\"%s\" default=\"%s\" paramlist=\"", name,
                declaration->cases[fallback]);
    else
        fprintf(out, "    <parameter type=\"list\" name=\"%s\" default=\"%.6g\" paramlist=\"", name,
                bridge_frei0r_value(declaration, (double)fallback));
    for (size_t i = 0; i < declaration->case_count; i++) {
        if (native) fprintf(out, "%s%s", i ? ";" : "", declaration->cases[i]);
        else fprintf(out, "%s%.6g", i ? ";" : "", bridge_frei0r_value(declaration, (double)i));
    }
    fputs("\">\n        <paramlistdisplay>", out);
    for (size_t i = 0; i < declaration->case_count; i++) {
        const char *text = declaration->cases[i] + (declaration->cases[i][0] == '.');
        fprintf(out, "%s%c%s", i ? "," : "", toupper((unsigned char)*text), text + 1);
    }
    fputs("</paramlistdisplay>\n", out);
    name_and_comment(out, declaration);
}

/* A number, keyframable (R3). The module's property is the real value, so
 * it is shown as it is; frei0r's is v with real = v × scale, so the default
 * is written as v (R1) and shown times the scale as factor (R2), `min` and
 * `max` then being the real range. Integers get a whole-number box (R2). */
static void number_parameter(FILE *out, const bridge_declaration *declaration, int native)
{
    double factor = native ? 1 : bridge_frei0r_scale(declaration);
    fprintf(out, "    <parameter type=\"animated\" name=\"%s\" min=\"%.17g\" max=\"%.17g\" default=\"%.12g\"",
            declaration->param->name, declaration->low, declaration->high, declaration->fallback / factor);
    if (!native) fprintf(out, " factor=\"%.17g\"", factor);
    fprintf(out, " decimals=\"%d\">\n", declaration->kind == BRIDGE_INTEGER ? 0 : 2);
    name_and_comment(out, declaration);
}

/* segue_<name>.xml for the frei0r file, or segue.<name>.xml for the module's service. */
static int write_descriptor(const char *folder, const bridge_transition *t, const bridge_declaration *declarations,
                            int native)
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
    /* R4: short, as the dissolve. */
    fprintf(out, "<?xml version=\"1.0\"?>\n<!DOCTYPE kpartgui>\n<transition tag=\"%s\" id=\"%s\" type=\"short\">\n",
            service, service);
    fputs("    <name>", out);
    title(out, t->file, native);
    fputs("</name>\n    <description>", out);
    escaped(out, t->explanation);
    fputs("</description>\n    <author>Segue</author>\n", out);
    /* The module takes MLT's own progress over the composition; frei0r
     * needs it as `position`, 0…1 from the first frame to the last (-1),
     * shown in per cent and keyframable (R3, R2). */
    if (!native)
        fputs("    <parameter type=\"animated\" name=\"position\" min=\"0\" max=\"100\" factor=\"100\" decimals=\"1\" "
              "default=\"0\" value=\"0=0;-1=1\">\n        <name>Progress</name>\n"
              "        <comment>How far the transition has gone, in per cent: keyframe it to hold or reverse it"
              "</comment>\n    </parameter>\n", out);
    fputs("    <parameter type=\"list\" name=\"animation\" default=\"\" "
          "paramlist=\";.smooth;.snappy;.bouncy;.easeInOut(duration: 1);.easeIn(duration: 1);.easeOut(duration: 1)\">\n"
          "        <paramlistdisplay>Linear,Smooth,Snappy,Bouncy,Ease in and out,Ease in,Ease out</paramlistdisplay>\n"
          "        <name>Easing</name>\n    </parameter>\n", out);
    for (size_t i = 0; i < t->param_count; i++) {
        if (declarations[i].kind == BRIDGE_ENUM) enum_parameter(out, &declarations[i], native);
        else number_parameter(out, &declarations[i], native);
    }
    /* R1: a fixed value, verbatim. */
    if (!native) fputs("    <parameter type=\"fixed\" name=\"duration\" value=\"0\"/>\n", out);
    fputs("</transition>\n", out);
    return fclose(out) == 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s LIBSEGUE OUTPUT_FOLDER\n", argv[0]);
        return 2;
    }
    segue_engine *engine = bridge_load_path(who, argv[1]) ? bridge_engine(who) : NULL;
    if (!engine) return 1;
    int written = 1;
    for (size_t i = 0; i < BRIDGE_TRANSITION_COUNT && written; i++) {
        const bridge_transition *t = &bridge_transitions[i];
        bridge_declaration declarations[BRIDGE_MAX_PARAMS];
        for (size_t k = 0; k < t->param_count; k++) {
            char error[512];
            if (!bridge_declare(engine, &t->params[k], &declarations[k], error, sizeof error)) {
                bridge_report(who, "%s: %s", t->file, error);
                written = 0;
            }
        }
        for (int native = 0; native <= 1 && written; native++)
            written = write_descriptor(argv[2], t, declarations, native);
    }
    segue.engine_unref(engine);
    bridge_engine_release();
    return written ? 0 : 1;
}
