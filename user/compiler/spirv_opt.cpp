// SPDX-License-Identifier: MIT
// Copyright 2026 The Ember Authors

/*
 * DOC: SPIR-V preparation with SPIRV-Tools
 *
 * Why C++: SPIRV-Tools 2023.1 (Debian bookworm) exposes spvValidate in its
 * C API but no optimizer entry point, so this one file wraps
 * spvtools::Optimizer behind an extern "C" function. Nothing else in the
 * compiler is C++.
 *
 * What it does, in order:
 *  1. spvValidate for the Vulkan environment matching the module's SPIR-V
 *     version, so the front end may trust the module's structure (ids
 *     defined before use, structured control flow, types consistent);
 *     then the entry point by name and stage, the others removed
 *     (spirv_entry.c).
 *  2. Specialization constants: the caller's values become the defaults
 *     (SetSpecConstantDefaultValuePass, given bit patterns sized from the
 *     constant's own type), are frozen into plain constants and every
 *     OpSpecConstantOp/Composite built from them is folded. The front end
 *     therefore never sees a specialization constant.
 *  3. The passes of DESIGN.md §4: wrap OpKill, drop dead branches, merge
 *     returns (one exit, so the structured tree has no early return),
 *     inline everything into the entry point, drop the other functions,
 *     turn Private variables into Function ones, split aggregates
 *     (scalar replacement) and rewrite loads/stores of function variables
 *     into SSA. Loops are not unrolled, not even [[unroll]] ones: the
 *     compile time must not depend on a trip count. Then a clean-up round (constant propagation, simplification,
 *     insert/extract elimination, aggressive DCE) and compact ids so the
 *     front end's id-indexed tables stay small. None of these passes
 *     unstructures control flow.
 */

#include "spirv_opt.h"
#include "spirv_entry.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include <spirv-tools/libspirv.h>
#include <spirv-tools/optimizer.hpp>
#include <spirv/unified1/spirv.h>

namespace {

char *dup_message(const std::string &text)
{
	char *copy = static_cast<char *>(malloc(text.size() + 1));

	if (copy)
		memcpy(copy, text.c_str(), text.size() + 1);
	return copy;
}

spv_target_env env_for_version(uint32_t version_word)
{
	uint32_t minor = (version_word >> 8) & 0xff;

	if (minor >= 6)
		return SPV_ENV_VULKAN_1_3;
	if (minor >= 4)
		return SPV_ENV_VULKAN_1_2;
	if (minor >= 3)
		return SPV_ENV_VULKAN_1_1;
	return SPV_ENV_VULKAN_1_0;
}

// Width in 32-bit words of every specialization constant with a SpecId, so
// the caller's 64-bit values can be cut to the bit pattern the pass expects.
std::unordered_map<uint32_t, uint32_t> spec_constant_words(const uint32_t *words, size_t count)
{
	std::unordered_map<uint32_t, uint32_t> spec_id_of_result, type_words, result_type;
	std::unordered_map<uint32_t, uint32_t> width;

	for (size_t i = 5; i < count;) {
		uint32_t length = words[i] >> 16, op = words[i] & 0xffff;

		if (length == 0 || i + length > count)
			break;
		if (op == SpvOpDecorate && length >= 4 && words[i + 2] == SpvDecorationSpecId)
			spec_id_of_result[words[i + 1]] = words[i + 3];
		else if ((op == SpvOpTypeInt || op == SpvOpTypeFloat) && length >= 3)
			type_words[words[i + 1]] = words[i + 2] > 32 ? 2 : 1;
		else if (op == SpvOpTypeBool)
			type_words[words[i + 1]] = 1;
		else if ((op == SpvOpSpecConstant || op == SpvOpSpecConstantTrue ||
			  op == SpvOpSpecConstantFalse) && length >= 3)
			result_type[words[i + 2]] = words[i + 1];
		i += length;
	}
	for (auto &entry : spec_id_of_result) {
		auto type = result_type.find(entry.first);

		if (type != result_type.end() && type_words.count(type->second))
			width[entry.second] = type_words[type->second];
	}
	return width;
}

// spvValidate with the Vulkan rules of @env; false with *@error on failure.
bool validate(const uint32_t *words, size_t word_count, spv_target_env env, char **error)
{
	spv_context context = spvContextCreate(env);
	spv_validator_options options = spvValidatorOptionsCreate();
	spv_const_binary_t binary = { words, word_count };
	spv_diagnostic diagnostic = nullptr;
	spv_result_t result;

	// Buffer layouts are whatever the Offset decorations say: accept the
	// scalar layout (VK_EXT_scalar_block_layout, core in Vulkan 1.2).
	spvValidatorOptionsSetScalarBlockLayout(options, true);
	// LocalSizeId is Vulkan's with maintenance4 (core in 1.3), which
	// Ember offers; SPIRV-Tools refuses it by default.
	spvValidatorOptionsSetAllowLocalSizeId(options, true);
	result = spvValidateWithOptions(context, options, &binary, &diagnostic);
	spvValidatorOptionsDestroy(options);
	spvContextDestroy(context);
	if (result != SPV_SUCCESS) {
		std::string text = "SPIR-V validation failed: ";

		text += diagnostic && diagnostic->error ? diagnostic->error : "unknown error";
		*error = dup_message(text);
	}
	spvDiagnosticDestroy(diagnostic);
	return result == SPV_SUCCESS;
}

} // namespace

extern "C" int ember_spirv_prepare(const uint32_t *words, size_t word_count,
				   const struct ember_cc_options *opts,
				   uint32_t **out, size_t *out_words, char **error)
{
	if (word_count < 5 || words[0] != SpvMagicNumber) {
		*error = dup_message("not a SPIR-V module (bad magic number or too short)");
		return -EINVAL;
	}
	spv_target_env env = env_for_version(words[1]);

	if (!validate(words, word_count, env, error))
		return -EINVAL;

	// The entry point by name and stage; the others leave the module, so
	// the passes below drop their functions.
	size_t entry_word, kept_count;
	int ret = spirv_entry_select(words, word_count, opts->entry_point, opts->stage,
				     &entry_word, error);

	if (ret)
		return ret;
	uint32_t *kept = spirv_entry_keep_only(words, word_count, entry_word, &kept_count);

	if (!kept) {
		*error = dup_message("out of memory");
		return -ENOMEM;
	}
	std::vector<uint32_t> module(kept, kept + kept_count);

	free(kept);
	words = module.data();
	word_count = module.size();

	std::unordered_map<uint32_t, uint32_t> widths = spec_constant_words(words, word_count);
	std::unordered_map<uint32_t, std::vector<uint32_t>> spec_values;

	for (uint32_t i = 0; i < opts->spec_constant_count; i++) {
		const struct ember_cc_spec_constant *sc = &opts->spec_constants[i];
		auto width = widths.find(sc->id);

		// A value for an id the module does not have is harmless (Vulkan
		// allows it); it simply has nothing to specialize.
		if (width == widths.end())
			continue;
		if (width->second == 2)
			spec_values[sc->id] = { static_cast<uint32_t>(sc->value),
						static_cast<uint32_t>(sc->value >> 32) };
		else
			spec_values[sc->id] = { static_cast<uint32_t>(sc->value) };
	}

	std::string messages;
	spvtools::Optimizer optimizer(env);

	optimizer.SetMessageConsumer([&messages](spv_message_level_t level, const char *,
						 const spv_position_t &, const char *message) {
		if (level <= SPV_MSG_ERROR) {
			messages += message;
			messages += "; ";
		}
	});
	optimizer.RegisterPass(spvtools::CreateSetSpecConstantDefaultValuePass(spec_values))
		.RegisterPass(spvtools::CreateFreezeSpecConstantValuePass())
		.RegisterPass(spvtools::CreateFoldSpecConstantOpAndCompositePass())
		.RegisterPass(spvtools::CreateWrapOpKillPass())
		.RegisterPass(spvtools::CreateDeadBranchElimPass())
		.RegisterPass(spvtools::CreateMergeReturnPass())
		.RegisterPass(spvtools::CreateInlineExhaustivePass())
		.RegisterPass(spvtools::CreateEliminateDeadFunctionsPass())
		.RegisterPass(spvtools::CreatePrivateToLocalPass())
		.RegisterPass(spvtools::CreateScalarReplacementPass(0))
		.RegisterPass(spvtools::CreateLocalAccessChainConvertPass())
		.RegisterPass(spvtools::CreateLocalSingleBlockLoadStoreElimPass())
		.RegisterPass(spvtools::CreateLocalSingleStoreElimPass())
		.RegisterPass(spvtools::CreateSSARewritePass())
		.RegisterPass(spvtools::CreateCCPPass())
		.RegisterPass(spvtools::CreateSimplificationPass())
		.RegisterPass(spvtools::CreateDeadBranchElimPass())
		.RegisterPass(spvtools::CreateCopyPropagateArraysPass())
		.RegisterPass(spvtools::CreateInsertExtractElimPass())
		.RegisterPass(spvtools::CreateDeadInsertElimPass())
		.RegisterPass(spvtools::CreateAggressiveDCEPass())
		.RegisterPass(spvtools::CreateCompactIdsPass());

	std::vector<uint32_t> result;
	spvtools::ValidatorOptions validator_options;

	// Validation already ran above.
	if (!optimizer.Run(words, word_count, &result, validator_options, true)) {
		*error = dup_message("SPIRV-Tools optimizer failed: " +
				     (messages.empty() ? std::string("no message") : messages));
		return -EINVAL;
	}
	*out = static_cast<uint32_t *>(malloc(result.size() * sizeof(uint32_t)));
	if (!*out) {
		*error = dup_message("out of memory");
		return -ENOMEM;
	}
	memcpy(*out, result.data(), result.size() * sizeof(uint32_t));
	*out_words = result.size();
	return 0;
}
